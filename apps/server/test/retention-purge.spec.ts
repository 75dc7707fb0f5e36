import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { previewPurge, purgesUnderWay } from "../src/modules/retention/retention.service.ts";
import { createOwnDatabase, type OwnDatabase } from "./support/own-database.ts";
import {
  exists,
  insertApplicant,
  insertOldAudit,
  insertSentMail,
  insertStep,
  insertUpload,
  insertYear,
  readStep,
} from "./support/retention.ts";
import { call, createTestApp, createUser, signedInAs, type TestApp } from "./support/test-app.ts";

/*
 * The purge (docs/rules/data-protection.md "The purge"): which students are past their period at
 * the boundaries, holds, the run's report and a second run that removes nothing. A database of its
 * own: a purge is school-wide.
 */

let own: OwnDatabase;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  own = await createOwnDatabase("retention");
  t = await createTestApp(own.env);
  admin = await signedInAs(t, "Admin", { language: "en" });
});
afterAll(async () => {
  await t.close();
  await own.drop();
});

type Item = {
  kind: string;
  studentId: number;
  keptUntil: string;
  kept: { reason: string; holdReason: string | null } | null;
};
/** Starts a run (confirmed), waits for it, answers it with its report. */
async function runPurge() {
  const started = await call(t, {
    method: "POST",
    url: "/api/settings/retention/runs",
    cookie: admin.cookie,
    payload: { confirm: true },
  });
  expect(started.statusCode, started.body).toBe(202);
  expect(started.json()).toMatchObject({ status: "running", trigger: "manual", startedBy: admin.email });
  await purgesUnderWay();
  const run = (
    await call(t, { method: "GET", url: `/api/settings/retention/runs/${started.json().id}`, cookie: admin.cookie })
  ).json();
  expect(run.status).toBe("done");
  expect(run.done).toBe(run.total);
  const removed = Object.fromEntries(
    (run.report.counts as { kind: string; removed: number }[]).map((c) => [c.kind, c.removed]),
  );
  return { ...run, removed } as { id: number; report: { items: unknown[] }; removed: Record<string, number> };
}

async function setApplicantMonths(months: number) {
  const current = (await call(t, { method: "GET", url: "/api/settings/retention", cookie: admin.cookie })).json();
  const saved = await call(t, {
    method: "PUT",
    url: "/api/settings/retention",
    cookie: admin.cookie,
    payload: { ...current.months, applicants: months, automatic: current.automatic, version: current.version },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

const itemsOf = async (now: string, studentId: number) =>
  ((await previewPurge(t.ctx, new Date(now))).items as Item[]).filter((item) => item.studentId === studentId);

describe("selection at the periods' boundaries (default periods)", () => {
  // A school year that ended on 31 July 2026: applicants 12 months, documents 6, medical 12.
  let year: number;
  let later: number;
  let family: number;
  beforeAll(async () => {
    year = await insertYear(t, "2026-07-31");
    later = await insertYear(t, "2028-07-01");
    family = (await createUser(t)).id;
  });

  it("selects an applicant never enrolled the day after its last kept day, not on it", async () => {
    const draft = await insertApplicant(t, { familyId: family, yearId: year, name: "Borde", status: null });
    expect(await itemsOf("2027-07-31T23:00:00Z", draft.studentId)).toEqual([]);
    const due = await itemsOf("2027-08-01T00:00:00Z", draft.studentId);
    expect(due).toEqual([expect.objectContaining({ kind: "applicants", keptUntil: "2027-07-31", kept: null })]);
  });

  it("selects a not-enrolled applicant's documents after 6 months, a refused one alike", async () => {
    const refused = await insertApplicant(t, { familyId: family, yearId: year, name: "Rechazo", status: "Refused" });
    await insertUpload(t, { familyId: family, fileId: refused.fileId, kind: "identityDocument" });
    expect(await itemsOf("2027-01-31T12:00:00Z", refused.studentId)).toEqual([]);
    expect((await itemsOf("2027-02-01T12:00:00Z", refused.studentId)).map((i) => [i.kind, i.keptUntil])).toEqual([
      ["applicantDocuments", "2027-01-31"],
    ]);
  });

  it("keeps a student who applied again for a later year, and an enrolled one's file as an applicant", async () => {
    const again = await insertApplicant(t, { familyId: family, yearId: year, name: "Otra vez", status: "Refused" });
    await insertApplicant(t, { familyId: family, yearId: later, name: "", status: null, studentId: again.studentId });
    expect(await itemsOf("2028-01-01T00:00:00Z", again.studentId)).toEqual([]);
    const enrolled = await insertApplicant(t, { familyId: family, yearId: year, name: "Inscrito", status: "Finished" });
    expect(await itemsOf("2030-01-01T00:00:00Z", enrolled.studentId)).toEqual([]);
  });

  it("selects an enrolled student's medical record 12 months after the student left", async () => {
    const left = await insertApplicant(t, { familyId: family, yearId: year, name: "Salió", status: "Confirmed" });
    await insertStep(t, left.fileId, "medicalRecord", { disease: false });
    expect(await itemsOf("2027-07-31T12:00:00Z", left.studentId)).toEqual([]);
    expect((await itemsOf("2027-08-01T12:00:00Z", left.studentId)).map((i) => [i.kind, i.kept])).toEqual([
      ["medicalRecords", null],
    ]);
  });

  it("shows a held family's student as kept, with the hold's reason", async () => {
    const held = await createUser(t);
    const student = await insertApplicant(t, {
      familyId: held.id,
      yearId: year,
      name: "Retenido",
      status: "Cancelled",
    });
    await insertUpload(t, { familyId: held.id, fileId: student.fileId, kind: "studentPhoto" });
    const hold = await call(t, {
      method: "POST",
      url: "/api/settings/retention/holds",
      cookie: admin.cookie,
      payload: { target: "family", reference: held.email, reason: "Demanda 2026-15" },
    });
    expect(hold.statusCode, hold.body).toBe(201);
    const items = await itemsOf("2027-08-01T12:00:00Z", student.studentId);
    expect(items.map((i) => [i.kind, i.kept])).toEqual([
      ["applicantDocuments", { reason: "legalHold", holdReason: "Demanda 2026-15" }],
      ["applicants", { reason: "legalHold", holdReason: "Demanda 2026-15" }],
    ]);
  });
});

describe("a purge run", () => {
  it("removes what is past its period, keeps what is held, writes its report; a second run removes nothing", async () => {
    // Long past at the real clock: a year that ended in 2022.
    const old = await insertYear(t, "2022-07-01");
    const family = await createUser(t);
    const applicant = await insertApplicant(t, { familyId: family.id, yearId: old, name: "Postulante", status: null });
    const sibling = await insertApplicant(t, { familyId: family.id, yearId: old, name: "Hermano", status: "Finished" });
    const identity = await insertUpload(t, { familyId: family.id, fileId: applicant.fileId, kind: "identityDocument" });
    // The representative's photo, sent with the applicant's file and reused in the sibling's.
    const shared = await insertUpload(t, {
      familyId: family.id,
      fileId: applicant.fileId,
      kind: "representativePhoto",
    });
    await insertStep(t, applicant.fileId, "studentFile", { names: "Postulante", identityDocumentFileId: identity.id });
    await insertStep(t, applicant.fileId, "firstRepresentative", { photoFileId: shared.id });
    await insertStep(t, sibling.fileId, "firstRepresentative", { photoFileId: shared.id });
    await insertStep(t, sibling.fileId, "medicalRecord", { disease: true, diseaseObservation: "Asma" });
    const booklet = await insertUpload(t, { familyId: family.id, fileId: sibling.fileId, kind: "vaccinationBooklet" });

    const held = await createUser(t);
    await call(t, {
      method: "POST",
      url: "/api/settings/retention/holds",
      cookie: admin.cookie,
      payload: { target: "family", reference: held.email, reason: "Auditoría" },
    });
    const longAgo = new Date(Date.now() - 3 * 365 * 86_400_000).toISOString();
    const oldMail = await insertSentMail(t, { userId: family.id, sentAt: longAgo });
    const heldMail = await insertSentMail(t, { userId: held.id, sentAt: longAgo });
    const recentMail = await insertSentMail(t, { userId: family.id, sentAt: new Date().toISOString() });
    const ancient = new Date(Date.now() - 7 * 365 * 86_400_000).toISOString();
    const oldAudit = await insertOldAudit(t, { subjectUserId: family.id, at: ancient });
    const heldAudit = await insertOldAudit(t, { subjectUserId: held.id, at: ancient });

    const preview = await call(t, { method: "GET", url: "/api/settings/retention/preview", cookie: admin.cookie });
    expect(preview.statusCode).toBe(200);
    const counts = Object.fromEntries(
      (preview.json().counts as { kind: string; toRemove: number; kept: number }[]).map((c) => [c.kind, c]),
    );
    expect(counts.sentEmails).toMatchObject({ toRemove: 1, kept: 1 });
    expect(counts.auditLog).toMatchObject({ toRemove: 1, kept: 1 });

    const refused = await call(t, {
      method: "POST",
      url: "/api/settings/retention/runs",
      cookie: admin.cookie,
      payload: {},
    });
    expect(refused.statusCode).toBe(400);
    // The applicant is kept 60 months (not yet due), its documents 6 (long due).
    await setApplicantMonths(60);
    const first = await runPurge();
    expect(first.removed).toMatchObject({ sentEmails: 1, auditLog: 1, medicalRecords: 1, applicants: 0 });
    expect(first.removed.applicantDocuments).toBeGreaterThanOrEqual(1);
    expect(first.report.items).toContainEqual({
      kind: "applicantDocuments",
      studentId: applicant.studentId,
      label: "Postulante",
      schoolYear: expect.stringContaining("2022-07-01"),
      kept: null,
    });

    // Rows and files together; what another file still uses stays, and the references go.
    expect(await exists(t, "uploads", identity.id)).toBe(false);
    expect(fs.existsSync(identity.filePath)).toBe(false);
    expect(await exists(t, "uploads", shared.id)).toBe(true);
    expect(fs.existsSync(shared.filePath)).toBe(true);
    expect(await readStep(t, applicant.fileId, "studentFile")).toEqual({ names: "Postulante" });
    expect(await readStep(t, sibling.fileId, "firstRepresentative")).toEqual({ photoFileId: shared.id });
    expect(await readStep(t, sibling.fileId, "medicalRecord")).toBeNull();
    expect(await exists(t, "uploads", booklet.id)).toBe(false);
    expect(fs.existsSync(booklet.filePath)).toBe(false);
    expect(await exists(t, "mail_outbox", oldMail)).toBe(false);
    expect(await exists(t, "mail_outbox", heldMail)).toBe(true);
    expect(await exists(t, "mail_outbox", recentMail)).toBe(true);
    expect(await exists(t, "audit_events", oldAudit)).toBe(false);
    expect(await exists(t, "audit_events", heldAudit)).toBe(true);
    const audit = await t.ctx.db
      .selectFrom("audit_events")
      .select(["actor_user_id", "details"])
      .where("event", "=", "retention.purged")
      .executeTakeFirstOrThrow();
    expect(audit.actor_user_id).toBe(admin.id);
    expect(audit.details).not.toContain("Postulante");

    // Its period over, the applicant is erased by the erasure module: the student and its file go.
    await setApplicantMonths(12);
    const second = await runPurge();
    expect(second.removed).toMatchObject({ applicants: 1, applicantDocuments: 0, sentEmails: 0, auditLog: 0 });
    const student = await t.ctx.db
      .selectFrom("students")
      .select("id")
      .where("id", "=", applicant.studentId)
      .executeTakeFirst();
    expect(student).toBeUndefined();
    expect(await readStep(t, applicant.fileId, "studentFile")).toBeNull();
    // The brother's file keeps the representative's photo it uses.
    expect(await readStep(t, sibling.fileId, "firstRepresentative")).toEqual({ photoFileId: shared.id });
    expect(await exists(t, "uploads", shared.id)).toBe(true);
    expect(fs.existsSync(shared.filePath)).toBe(true);

    // The reports keep no name: the first one, read now, no longer names the erased child, and
    // no stored report holds the name at all.
    const firstAgain = (
      await call(t, { method: "GET", url: `/api/settings/retention/runs/${first.id}`, cookie: admin.cookie })
    ).json();
    expect(firstAgain.report.items).toContainEqual({
      kind: "applicantDocuments",
      studentId: applicant.studentId,
      label: null,
      schoolYear: expect.stringContaining("2022-07-01"),
      kept: null,
    });
    expect(second.report.items).toContainEqual(
      expect.objectContaining({ kind: "applicants", studentId: null, label: null }),
    );
    const stored = await t.ctx.db.selectFrom("retention_runs").select("report").execute();
    expect(stored.map((row) => row.report ?? "").join("\n")).not.toContain("Postulante");

    // A run after it removes nothing.
    const third = await runPurge();
    expect(Object.values(third.removed).every((n) => n === 0)).toBe(true);
    const list = await call(t, { method: "GET", url: "/api/settings/retention/runs", cookie: admin.cookie });
    expect((list.json().items as { id: number }[]).map((r) => r.id).slice(0, 3)).toEqual([
      third.id,
      second.id,
      first.id,
    ]);
  });
});
