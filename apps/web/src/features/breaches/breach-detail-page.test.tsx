import type { BreachDetail, BreachNotice } from "@portal/shared/schemas/breaches";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ok, stubApi } from "../../test/fetch-stub.ts";
import { renderScreen } from "../../test/render.tsx";
import { BreachDetailPage } from "./breach-detail-page.tsx";

const BASE = "/portal/dashboards/settings/data-breaches";

const breach: BreachDetail = {
  id: 4,
  title: "Lost USB stick",
  discoveredAt: "2026-12-07T10:30",
  occurredAt: "2026-12-07T08:00",
  state: "open",
  authority: { dueOn: "2026-12-14", daysLeft: 5, overdue: false, doneOn: null },
  families: { dueOn: "2026-12-10", daysLeft: 3, overdue: false, doneOn: null },
  description: "A USB stick was lost.",
  categories: ["identity"],
  familyScope: "selected",
  selectedFamilies: [{ id: 9, name: "Ana Pérez", email: "ana@example.org" }],
  schoolYearId: null,
  rightsAtRisk: true,
  measures: "",
  contact: "",
  authorityNotifiedOn: null,
  authorityReference: "",
  familiesNotifiedAt: null,
  version: 2,
};
const text = (subject: string, body: string) => ({ subject, body });
const notice: BreachNotice = {
  texts: {
    es: text("Aviso", "Estimada familia"),
    en: text("Notice", "Dear family"),
    fr: text("Avis", "Chère famille"),
  },
  saved: false,
  families: 1,
  recipients: 2,
  sentAt: null,
  report: [],
  version: 2,
};

describe("a breach's page", () => {
  it("records a new breach only once its fields are valid, with the messages in the Admin's language", async () => {
    const api = stubApi({ "POST /api/breaches": ok({ ...breach, id: 5 }), "GET /api/breaches": ok({ items: [] }) });
    await renderScreen(<p>elsewhere</p>, {
      path: `${BASE}/new`,
      routes: { [`${BASE}/:id`]: <BreachDetailPage /> },
      language: "en",
      namespaces: ["breaches"],
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Save the breach" }));
    expect(await screen.findByText("Tick at least one kind of data")).toBeTruthy();
    expect(api.to("POST /api/breaches")).toHaveLength(0);

    await user.type(screen.getByRole("textbox", { name: "Short title" }), "Lost USB stick");
    await user.type(screen.getByRole("textbox", { name: "What happened" }), "A USB stick was lost.");
    for (const [legend, day, time] of [
      ["When it happened", "07/12/2026", "08:00"],
      ["When the school learned of it", "07/12/2026", "10:30"],
    ] as const) {
      const group = within(screen.getByRole("group", { name: legend }));
      await user.type(group.getByRole("textbox", { name: "Day" }), day);
      await user.type(group.getByRole("textbox", { name: "Time" }), time);
    }
    await user.click(screen.getByRole("checkbox", { name: "Identity (names, ID numbers, birth dates)" }));
    await user.click(screen.getByRole("checkbox", { name: /puts the families' rights at risk/ }));
    await user.click(screen.getByRole("button", { name: "Save the breach" }));
    await waitFor(() => expect(api.to("POST /api/breaches")).toHaveLength(1));
    expect(api.to("POST /api/breaches")[0]?.body).toMatchObject({
      title: "Lost USB stick",
      occurredAt: "2026-12-07T08:00",
      discoveredAt: "2026-12-07T10:30",
      categories: ["identity"],
      rightsAtRisk: true,
      familyScope: "none",
    });
  });

  it("shows the clocks, and sends the families' notice only after the Admin confirms", async () => {
    const sent: BreachNotice = { ...notice, saved: true, sentAt: "2026-12-07T16:00:00.000Z", version: 4 };
    const api = stubApi({
      "GET /api/breaches/4": ok(breach),
      "GET /api/breaches/4/notice": ok(notice),
      "PUT /api/breaches/4/notice": ok({ ...notice, saved: true, version: 3 }),
      "POST /api/breaches/4/notice/send": ok({
        ...sent,
        report: [{ familyId: 9, name: "Ana Pérez", status: "pending", recipients: 2 }],
      }),
      "GET /api/breaches": ok({ items: [] }),
    });
    await renderScreen(<p>elsewhere</p>, {
      path: `${BASE}/4`,
      routes: { [`${BASE}/:id`]: <BreachDetailPage /> },
      language: "en",
      namespaces: ["breaches"],
    });
    const user = userEvent.setup();
    const clocks = within(await screen.findByRole("region", { name: "Legal deadlines" }));
    expect(clocks.getByText("Due December 10, 2026")).toBeTruthy();
    expect(clocks.getByText("3 working days left")).toBeTruthy();

    const panel = within(await screen.findByRole("region", { name: "Notice to the families" }));
    await user.click(panel.getByText("Français"));
    const body = panel.getByRole("textbox", { name: "Text" });
    expect((body as HTMLTextAreaElement).value).toBe("Chère famille");
    await user.type(body, ", bonjour");
    expect(within(panel.getByTestId("notice-preview")).getByText("Chère famille, bonjour")).toBeTruthy();
    expect(panel.getByText("Will go to 1 families (2 e-mails).")).toBeTruthy();

    await user.click(panel.getByRole("button", { name: "Send the notice" }));
    const dialog = await screen.findByRole("dialog", { name: "Send the notice to the families?" });
    await user.click(within(dialog).getByRole("button", { name: "No" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.to("POST /api/breaches/4/notice/send")).toHaveLength(0);

    await user.click(panel.getByRole("button", { name: "Send the notice" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Send the notice" }));
    await waitFor(() => expect(api.to("POST /api/breaches/4/notice/send")).toHaveLength(1));
    // The unsaved edit was saved first, and the send carries the saved version.
    expect(api.to("PUT /api/breaches/4/notice")[0]?.body).toMatchObject({
      texts: { fr: { body: "Chère famille, bonjour" } },
    });
    expect(api.to("POST /api/breaches/4/notice/send")[0]?.body).toEqual({ version: 3 });
    expect(await panel.findByText("Waiting to be delivered")).toBeTruthy();
  });
});
