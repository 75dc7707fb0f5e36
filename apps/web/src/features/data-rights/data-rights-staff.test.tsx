import type { StaffDataRightsRequest } from "@portal/shared/schemas/data-rights";
import type { SessionInfo } from "@portal/shared/schemas/responses";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiError, ok, stubApi } from "../../test/fetch-stub.ts";
import { renderScreen, SIGNED_OUT } from "../../test/render.tsx";
import { DataRightsQueuePage } from "./data-rights-queue-page.tsx";
import { DataRightsRequestPage } from "./data-rights-request-page.tsx";

const secretaria: SessionInfo = {
  ...SIGNED_OUT,
  language: "en",
  user: {
    id: 2,
    email: "secretaria@example.org",
    firstSurname: "Mora",
    secondSurname: "",
    names: "Eva",
    phone: "",
    language: "en",
    role: "Secretaria",
    isTestData: false,
  },
};

const item = (over: Partial<StaffDataRightsRequest>): StaffDataRightsRequest => ({
  id: 5,
  kind: "erasure",
  subject: "student",
  studentName: "Lucía Pérez",
  actor: "representative",
  description: "Please erase her photos.",
  state: "received",
  filedAt: "2026-12-01T15:00:00.000Z",
  deadline: "2026-12-16",
  daysLeft: 3,
  answer: null,
  closedAt: null,
  filedBy: { name: "Ana Pérez", email: "ana@example.org" },
  startedAt: null,
  startedBy: null,
  closedBy: null,
  ...over,
});

describe("the staff's data-rights queue", () => {
  it("lists the requests with their days left in words, overdue ones marked, and filters by state", async () => {
    const api = stubApi({
      "GET /api/data-rights-requests": ok({
        items: [item({ id: 4, daysLeft: -2, kind: "access", studentName: null, subject: "family" }), item({})],
      }),
      "GET /api/data-rights-requests?state=received": ok({ items: [item({})] }),
    });
    const user = userEvent.setup();
    await renderScreen(<DataRightsQueuePage />, { session: secretaria, language: "en", namespaces: ["dataRights"] });
    const table = await screen.findByRole("table", { name: "Data-rights requests" });
    const rows = within(table).getAllByRole("row");
    expect(within(rows[1]!).getByText("Overdue by 2 days")).toBeTruthy();
    expect(within(rows[1]!).getByText("The whole family")).toBeTruthy();
    expect(within(rows[2]!).getByText("3 days left")).toBeTruthy();
    expect(within(rows[2]!).getByRole("link", { name: "Open request no. 5" }).getAttribute("href")).toBe(
      "/portal/data-rights-requests/request/5",
    );
    await user.selectOptions(screen.getByRole("combobox", { name: "State" }), "received");
    await waitFor(() => expect(api.sent.at(-1)?.path).toBe("/api/data-rights-requests?state=received"));
    expect(await screen.findAllByRole("row")).toHaveLength(2);
  });
});

const ENROLLMENT_REQUESTS = [{ id: 41, code: "INS-2026-000041", schoolYear: "2026-2027", studentName: "Lucía Pérez" }];

async function openRequest(summary: StaffDataRightsRequest) {
  const request = { ...summary, enrollmentRequests: ENROLLMENT_REQUESTS };
  const api = stubApi({
    "GET /api/data-rights-requests/5": ok(request),
    "POST /api/data-rights-requests/5/actions": ({ body }) => {
      const action = (body as { action: string; message?: string }).action;
      if (action === "start")
        return ok({ ...request, state: "inProgress", startedBy: { name: "Eva Mora", email: "e@x" } });
      const message = (body as { message: string }).message;
      return ok({ ...request, state: action === "answer" ? "answered" : "refused", answer: message });
    },
  });
  const path = "/portal/data-rights-requests/request/:id";
  await renderScreen(<p>elsewhere</p>, {
    session: secretaria,
    language: "en",
    namespaces: ["dataRights"],
    path: "/portal/data-rights-requests/request/5",
    routes: { [path]: <DataRightsRequestPage /> },
  });
  return { api, user: userEvent.setup() };
}

describe("a data-rights request's page", () => {
  it("takes the request in progress, then answers it after a confirmation", async () => {
    const { api, user } = await openRequest(item({}));
    expect(await screen.findByRole("heading", { level: 1, name: "Data-rights request 5 — Erasure" })).toBeTruthy();
    expect(screen.getByText(/open the enrollment request below and erase from its page/)).toBeTruthy();
    const about = screen.getByRole("region", { name: "Enrollment requests it is about" });
    expect(within(about).getByRole("link", { name: "INS-2026-000041" }).getAttribute("href")).toBe(
      "/portal/dashboards/inscriptions/request-detail/41",
    );
    expect(within(about).getByText(/Lucía Pérez, 2026-2027/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Take in progress" }));
    await waitFor(() => expect(api.to("POST /api/data-rights-requests/5/actions")).toHaveLength(1));
    expect(await screen.findByText("In progress")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Send the answer and close" }));
    expect(await screen.findByText("This field is mandatory")).toBeTruthy();
    await user.type(screen.getByRole("textbox", { name: "Answer to the family" }), "Erased on 2 December.");
    await user.click(screen.getByRole("button", { name: "Send the answer and close" }));
    const dialog = await screen.findByRole("dialog", { name: "Send this answer?" });
    await user.click(within(dialog).getByRole("button", { name: "Send the answer and close" }));
    await waitFor(() => expect(api.to("POST /api/data-rights-requests/5/actions")).toHaveLength(2));
    expect(api.to("POST /api/data-rights-requests/5/actions")[1]?.body).toEqual({
      action: "answer",
      message: "Erased on 2 December.",
    });
    expect(await screen.findByText("Erased on 2 December.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Refuse the request" })).toBeNull();
  });

  it("refuses only with a reason, and shows a conflict in words", async () => {
    const { api, user } = await openRequest(item({ state: "inProgress" }));
    await user.click(await screen.findByRole("button", { name: "Refuse the request" }));
    const dialog = await screen.findByRole("dialog", { name: "Refuse this request" });
    await user.click(within(dialog).getByRole("button", { name: "Refuse the request" }));
    expect(await within(dialog).findByText("This field is mandatory")).toBeTruthy();
    expect(api.to("POST /api/data-rights-requests/5/actions")).toHaveLength(0);

    api.answer(
      "POST /api/data-rights-requests/5/actions",
      apiError(409, "DATA_RIGHTS_REQUEST_CLOSED", "This request has already been answered or refused."),
    );
    await user.type(within(dialog).getByRole("textbox", { name: "Reason for the refusal" }), "Legal duty to keep it.");
    await user.click(within(dialog).getByRole("button", { name: "Refuse the request" }));
    expect(await within(dialog).findByText("This request has already been answered or refused.")).toBeTruthy();
  });

  it("says when the request does not exist", async () => {
    stubApi({ "GET /api/data-rights-requests/5": apiError(404, "DATA_RIGHTS_REQUEST_NOT_FOUND", "Gone") });
    await renderScreen(<p>elsewhere</p>, {
      session: secretaria,
      language: "en",
      namespaces: ["dataRights"],
      path: "/portal/data-rights-requests/request/5",
      routes: { "/portal/data-rights-requests/request/:id": <DataRightsRequestPage /> },
    });
    expect(await screen.findByText("This request does not exist.")).toBeTruthy();
  });
});
