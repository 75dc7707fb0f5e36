import type { RetentionPreview, RetentionRun, RetentionSettings } from "@portal/shared/schemas/retention";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiError, ok, stubApi } from "../../test/fetch-stub.ts";
import { renderScreen } from "../../test/render.tsx";
import { ProcessingRegisterPage } from "./processing-register-page.tsx";
import { RetentionPage } from "./retention-page.tsx";

const SETTINGS: RetentionSettings = {
  months: { applicants: 12, applicantDocuments: 6, medicalRecords: 12, auditLog: 60, sentEmails: 12 },
  automatic: true,
  version: 3,
  electionRegisterDays: 10,
  dataExportHours: 24,
};

const PREVIEW: RetentionPreview = {
  asOf: "2026-12-07T10:00:00.000Z",
  counts: [
    { kind: "applicants", toRemove: 0, kept: 1 },
    { kind: "applicantDocuments", toRemove: 1, kept: 0 },
    { kind: "medicalRecords", toRemove: 0, kept: 0 },
    { kind: "electionRegisters", toRemove: 0, kept: 0 },
    { kind: "auditLog", toRemove: 4, kept: 0 },
    { kind: "sentEmails", toRemove: 2, kept: 1 },
    { kind: "dataExports", toRemove: 0, kept: 0 },
  ],
  items: [
    {
      kind: "applicantDocuments",
      studentId: 1,
      label: "Ana Pérez",
      familyEmail: "ana@example.org",
      schoolYear: "2024-2025",
      keptUntil: "2026-01-31",
      kept: null,
    },
    {
      kind: "applicants",
      studentId: 2,
      label: "Bruno Loor",
      familyEmail: "loor@example.org",
      schoolYear: "2024-2025",
      keptUntil: "2026-07-31",
      kept: { reason: "legalHold", holdReason: "Court claim" },
    },
  ],
};

const RUN: RetentionRun = {
  id: 9,
  status: "done",
  trigger: "manual",
  startedBy: "admin@example.org",
  startedAt: "2026-12-07T10:01:00.000Z",
  finishedAt: "2026-12-07T10:01:02.000Z",
  done: 5,
  total: 5,
  report: {
    counts: PREVIEW.counts.map((count) => ({ kind: count.kind, removed: count.toRemove, kept: count.kept })),
    items: [{ kind: "applicantDocuments", studentId: 1, label: "Ana Pérez", schoolYear: "2024-2025", kept: null }],
  },
};

function stubRetention(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    "GET /api/settings/retention": ok(SETTINGS),
    "GET /api/settings/retention/holds": ok({ items: [] }),
    "GET /api/settings/retention/preview": ok(PREVIEW),
    "GET /api/settings/retention/runs": ok({ items: [] }),
    ...extra,
  });
}

const open = () => renderScreen(<RetentionPage />, { language: "en", namespaces: ["retention"] });

describe("Settings › Data retention", () => {
  it("saves the periods at the version read and shows the server's refusal under the field", async () => {
    const api = stubRetention({
      "PUT /api/settings/retention": apiError(400, "VALIDATION_ERROR", "Invalid", {
        auditLog: "validation.retentionMonthsRange",
      }),
    });
    await open();
    const user = userEvent.setup();
    const audit = await screen.findByLabelText("Audit log (months)");
    await user.clear(audit);
    await user.type(audit, "6");
    await user.click(screen.getByRole("button", { name: "Save the periods" }));
    await waitFor(() => expect(api.to("PUT /api/settings/retention")).toHaveLength(1));
    expect(api.to("PUT /api/settings/retention")[0]?.body).toEqual({
      ...SETTINGS.months,
      auditLog: 6,
      automatic: true,
      version: 3,
    });
    expect(await screen.findByText("Enter a whole number of months within the allowed range")).toBeTruthy();
    // The fixed periods are said, not editable.
    expect(screen.getByText(/10 days after the results are published/)).toBeTruthy();
  });

  it("shows what the purge will remove, held items as kept with the reason", async () => {
    stubRetention();
    await open();
    const items = await screen.findByRole("table", { name: "Applicants and records past their period" });
    const held = within(items).getByText("Bruno Loor").closest("tr")!;
    expect(within(held as HTMLElement).getByText("Kept: legal hold (Court claim)")).toBeTruthy();
    const counts = screen.getByRole("table", { name: "What the purge will remove" });
    const mails = within(counts).getByRole("rowheader", { name: "Sent e-mails" }).closest("tr")!;
    expect((mails as HTMLElement).textContent).toContain("21");
  });

  it("runs the purge only after a confirmation, then opens its report", async () => {
    const api = stubRetention({
      "POST /api/settings/retention/runs": { status: 202, body: { ...RUN, status: "running", done: 0, report: null } },
      "GET /api/settings/retention/runs/9": ok(RUN),
    });
    await open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Run the purge now" }));
    const dialog = await screen.findByRole("dialog", { name: "Run the purge now?" });
    expect(within(dialog).getByText(/\(7 in all\)/)).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "No" }));
    expect(api.to("POST /api/settings/retention/runs")).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Run the purge now" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Run the purge now?" })).getByRole("button", { name: "Remove" }),
    );
    await waitFor(() => expect(api.to("POST /api/settings/retention/runs")).toHaveLength(1));
    expect(api.to("POST /api/settings/retention/runs")[0]?.body).toEqual({ confirm: true });
    const report = await screen.findByRole("dialog", { name: /Purge report of/ });
    expect(within(report).getByText("Ana Pérez")).toBeTruthy();
    expect(screen.getByText("The purge has finished. Its report is below.")).toBeTruthy();
  });
});

describe("Settings › Processing register", () => {
  it("shows each activity with who sees it and how long, and offers the XLSX", async () => {
    stubApi({
      "GET /api/settings/processing-register": ok({
        items: [
          {
            id: "medicalRecords",
            name: "Medical records",
            purpose: "Caring for the student's health.",
            legalBasis: "Explicit consent.",
            dataCategories: "Health data.",
            subjects: "Students (minors).",
            roles: ["Admin", "Secretaria", "Consulta"],
            recipients: "Administrator, Secretary, Read-only staff",
            retention: "12 months after the student leaves.",
          },
        ],
      }),
    });
    await renderScreen(<ProcessingRegisterPage />, { language: "en", namespaces: ["retention"] });
    const section = await screen.findByRole("region", { name: "Medical records" });
    const recipients = within(section).getByRole("rowheader", { name: "Who sees it" }).closest("tr")!;
    expect((recipients as HTMLElement).textContent).toContain("Administrator, Secretary, Read-only staff");
    expect(within(section).getByText("12 months after the student leaves.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Download the register (XLSX)" })).toBeTruthy();
  });
});
