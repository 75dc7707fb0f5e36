import type { CampaignDetail } from "@portal/shared/schemas/campaigns";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ok, stubApi } from "../../test/fetch-stub.ts";
import { renderScreen, signedInSession } from "../../test/render.tsx";
import { CampaignPage } from "./campaign-page.tsx";
import { CampaignsPage } from "./campaigns-page.tsx";

const BASE = "/portal/reenrollment-campaigns/campaign";
const figures = (over: Partial<CampaignDetail["figures"]> = {}) => ({
  covered: 0,
  answered: 0,
  returning: 0,
  leaving: 0,
  undecided: 0,
  notAnswered: 0,
  ...over,
});

const detail: CampaignDetail = {
  id: 5,
  schoolYearId: 2,
  schoolYearLabel: "2026-2027",
  opensOn: "2026-12-07",
  deadline: "2027-01-31",
  state: "open",
  families: 2,
  answeredFamilies: 1,
  version: 1,
  levels: [],
  sameMessage: true,
  message: { es: "¿Continúan?", en: "¿Continúan?", fr: "¿Continúan?" },
  reminderDays: [14, 7, 1],
  openedAt: "2026-12-07T15:00:00.000Z",
  figures: figures({ covered: 3, answered: 2, returning: 1, leaving: 1, notAnswered: 1 }),
  byLevel: [
    { levelCode: "CM1", ...figures({ covered: 2, answered: 1, returning: 1, notAnswered: 1 }) },
    { levelCode: "CP", ...figures({ covered: 1, answered: 1, leaving: 1 }) },
  ],
  reasons: [{ code: "MOVING", label: "Moving home or city", count: 1 }],
  sends: [
    { familyName: "Ana García", recipients: "ana@example.org", step: "7", sentAt: "2027-01-24T15:00:00.000Z" },
    { familyName: "Ana García", recipients: "ana@example.org", step: "opening", sentAt: "2026-12-07T15:00:00.000Z" },
  ],
};

const levels = ok([
  { code: "CP", label: "CP (1st grade)", order: 1, disabled: false },
  { code: "CM1", label: "CM1 (4th grade)", order: 2, disabled: false },
]);

describe("a campaign's staff page", () => {
  it("shows the figures by level, opens a figure's list with its exports, and what was sent to whom", async () => {
    const api = stubApi({
      "GET /api/campaigns/5": ok(detail),
      "GET /api/catalogs/levels": levels,
      "GET /api/school-years": ok([]),
      "GET /api/campaigns/5/answers": ok({
        items: [
          {
            familyName: "García Ana",
            studentName: "Luis García",
            levelCode: "CP",
            answer: "leaves",
            reason: "Moving home or city",
            answeredAt: "2026-12-08T15:00:00.000Z",
          },
        ],
      }),
    });
    await renderScreen(<p>elsewhere</p>, {
      path: `${BASE}/5`,
      routes: { [`${BASE}/:id`]: <CampaignPage /> },
      session: signedInSession("en", "Secretaria"),
      language: "en",
      namespaces: ["campaigns"],
    });
    const user = userEvent.setup();
    expect(await screen.findByRole("heading", { level: 1, name: "Re-enrollment campaign 2026-2027" })).toBeTruthy();
    expect(screen.getByText(/1 of 2 families answered/)).toBeTruthy();
    const table = screen.getByRole("table", { name: "Answers" });
    const cp = await within(table).findByRole("row", { name: /CP \(1st grade\)/ });
    expect(
      within(cp)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["1", "1", "0", "1", "0", "0"]);
    expect(screen.getByText("Moving home or city: 1")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Leaving, CP (1st grade): 1. Show the list" }));
    expect(await screen.findByRole("heading", { name: "List: Leaving, CP (1st grade)" })).toBeTruthy();
    await waitFor(() => expect(api.to("GET /api/campaigns/5/answers")).toHaveLength(1));
    expect(api.to("GET /api/campaigns/5/answers")[0]?.path).toContain("figure=leaving&level=CP");
    const list = screen.getByRole("table", { name: "List: Leaving, CP (1st grade)" });
    expect(within(list).getByRole("row", { name: /Luis García/ }).textContent).toContain("Moving home or city");
    expect(screen.getByRole("button", { name: "Export XLSX" })).toBeTruthy();
    // The Secretaria writes to the families behind this figure (docs/rules/messages.md "Audience").
    expect(screen.getByRole("link", { name: "Write to these families" }).getAttribute("href")).toBe(
      "/portal/family-messages/compose?source=campaign&campaignId=5&figure=leaving&level=CP",
    );
    const sends = screen.getByRole("table", { name: "E-mails sent" });
    expect(within(sends).getByText("Reminder 7 days before")).toBeTruthy();
    expect(within(sends).getByText("Opening")).toBeTruthy();
    // Open: the opening date is fixed.
    expect((screen.getByRole("textbox", { name: "Opening date" }) as HTMLInputElement).disabled).toBe(true);
  });

  it("creates a campaign only once its fields are valid", async () => {
    const api = stubApi({
      "GET /api/campaigns": ok({ items: [] }),
      "GET /api/catalogs/levels": levels,
      "GET /api/school-years": ok([
        {
          id: 2,
          label: "2026-2027",
          isCurrent: true,
          enrollmentOpen: true,
          newEnrollment: { opensOn: null, closesOn: null, closedAt: null, open: true },
          reEnrollment: { opensOn: null, closesOn: null, closedAt: null, open: true },
          familyMayAct: true,
        },
      ]),
      "POST /api/campaigns": { status: 201, body: { ...detail, id: 6 } },
    });
    await renderScreen(<CampaignsPage />, {
      routes: { [`${BASE}/:id`]: <p>the campaign</p> },
      session: { ...signedInSession("en", "Admin"), schoolYear: null },
      language: "en",
      namespaces: ["campaigns"],
    });
    const user = userEvent.setup();
    expect(await screen.findByText("No campaign yet.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Create the campaign" }));
    expect((await screen.findAllByText("This field is mandatory")).length).toBeGreaterThan(0);
    expect(api.to("POST /api/campaigns")).toHaveLength(0);
    await user.selectOptions(
      await screen.findByRole("combobox", { name: "School year of the enrolled children" }),
      "2",
    );
    await user.type(screen.getByRole("textbox", { name: "Opening date" }), "07/12/2026");
    await user.type(screen.getByRole("textbox", { name: "Deadline (included)" }), "31/01/2027");
    await user.type(screen.getByRole("textbox", { name: "Message to the families" }), "Do they return?");
    await user.click(screen.getByRole("checkbox", { name: "CP (1st grade)" }));
    await user.click(screen.getByRole("button", { name: "Create the campaign" }));
    await waitFor(() => expect(api.to("POST /api/campaigns")).toHaveLength(1));
    expect(api.to("POST /api/campaigns")[0]?.body).toEqual({
      schoolYearId: 2,
      opensOn: "2026-12-07",
      deadline: "2027-01-31",
      levels: ["CP"],
      sameMessage: true,
      message: { es: "Do they return?", en: "", fr: "" },
      reminderDays: [14, 7, 1],
    });
    expect(await screen.findByText("the campaign")).toBeTruthy();
  });
});
