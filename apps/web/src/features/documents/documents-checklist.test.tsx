import type { DocumentListItem, RequestDocuments } from "@portal/shared/schemas/documents";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ok, stubApi } from "../../test/fetch-stub.ts";
import { renderScreen, signedInSession } from "../../test/render.tsx";
import { DocumentsPage } from "./documents-page.tsx";
import { RequestDocumentsDrawer } from "./request-documents.tsx";

/* The hand-in checklist shows the school's own documents by their title (docs/rules/documents.md "The documents page"). */

const item: DocumentListItem = {
  id: 5,
  code: "INS-2026-000005",
  studentName: "Lucía Torres Vega",
  levelCode: "CM1",
  requestStatus: "Untreated",
  sentAt: "2026-12-01T14:00:00.000Z",
  dueAt: "2026-12-01T16:00:00.000Z",
  overdue: true,
  checklist: [
    { item: "contract", title: "Educational services contract", received: true, signedOnline: false },
    { item: "imageConsent", title: "Consent to the use of the student's image", received: false, signedOnline: true },
    { item: "custom-1", title: "Internal rules", received: false, signedOnline: false },
  ],
  signing: [],
  isTestData: false,
};

const state = (entry: DocumentListItem["checklist"][number], version = 0) => ({
  ...entry,
  receivedOn: entry.received ? "2026-12-02" : null,
  recordedBy: entry.received ? "Ana Pérez" : null,
  recordedAt: entry.received ? "2026-12-02T15:00:00.000Z" : null,
  version,
});

const documents: RequestDocuments = {
  item,
  generated: [],
  uploads: [],
  handIn: item.checklist.map((entry) => state(entry, entry.received ? 1 : 0)),
};

describe("the documents page's checklist", () => {
  it("counts a paper received or signed online as done, and says how many were signed online", async () => {
    stubApi({
      "GET /api/documents": ok({ items: [item], total: 1, page: 1, pageSize: 25, signingHours: 2 }),
      "GET /api/catalogs/levels": ok([]),
    });
    await renderScreen(<DocumentsPage />, {
      language: "en",
      namespaces: ["documentsPage", "signing"],
      session: signedInSession("en", "Secretaria"),
    });
    const row = within((await screen.findAllByRole("row"))[1]!);
    expect(row.getByText("2 of 3 received or signed online")).toBeTruthy();
    expect(row.getByText("1 signed online")).toBeTruthy();
  });

  it("lists every paper by the school's title, the school's own documents included, and records one", async () => {
    const api = stubApi({
      "GET /api/documents/5": ok(documents),
      "PUT /api/documents/5/hand-in/custom-1": ok(state({ ...item.checklist[2]!, received: true }, 1)),
    });
    await renderScreen(<RequestDocumentsDrawer requestId={5} canEdit onClose={() => {}} />, {
      language: "en",
      namespaces: ["documentsPage"],
      session: signedInSession("en", "Secretaria"),
    });
    const own = await screen.findByRole("checkbox", { name: "Internal rules received" });
    expect(screen.getByRole("checkbox", { name: "Educational services contract received" })).toBeTruthy();
    expect(
      screen.getByText("Consent to the use of the student's image · Signed online by every representative"),
    ).toBeTruthy();
    await userEvent.click(own);
    await userEvent.click(screen.getByRole("button", { name: "Save · Internal rules" }));
    expect(api.to("PUT /api/documents/5/hand-in/custom-1")[0]?.body).toEqual({
      received: true,
      receivedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      version: 0,
    });
  });
});
