import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { nowIso } from "../../src/db/database.ts";
import { insertStudentRow } from "./students.ts";
import type { TestApp } from "./test-app.ts";

/** A school year of the spec's own: the shared database holds other specs' requests. */
export async function insertOwnYear(t: TestApp, label: string): Promise<number> {
  const id = 4_000_000 + Math.floor(Math.random() * 1_000_000);
  await t.ctx.db
    .insertInto("school_years")
    .values({
      id,
      label: `${label.slice(0, 10)}-${randomUUID().slice(0, 8)}`,
      starts_on: "2026-09-01",
      ends_on: "2027-07-15",
      is_current: 0,
      enrollment_open: 0,
    })
    .execute();
  return id;
}

/**
 * A sent request written straight to the tables, its send time chosen by the test (the due time
 * and the overdue flag follow from it, no waiting), with an exit authorization step.
 */
export async function insertDocumentRequest(
  t: TestApp,
  opts: {
    yearId: number;
    familyId: number;
    studentName: string;
    sentAt: string;
    level?: string;
    exit?: { exitAlone?: boolean; middayBreak?: boolean; freePeriods?: boolean };
    isTestData?: boolean;
  },
): Promise<{ id: number; fileId: number; code: string }> {
  const now = nowIso();
  const test = opts.isTestData ? 1 : 0;
  const student = await insertStudentRow(t, {
    familyId: opts.familyId,
    name: opts.studentName,
    isTestData: opts.isTestData,
    at: now,
  });
  const file = await t.ctx.db
    .insertInto("enrollment_files")
    .values({
      student_id: student.id,
      school_year_id: opts.yearId,
      is_new_student: 1,
      status: "sent",
      level_code: opts.level ?? "CM1",
      created_at: opts.sentAt,
      updated_at: opts.sentAt,
      sent_at: opts.sentAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const exit = { exitAlone: false, middayBreak: false, freePeriods: false, ...opts.exit };
  await t.ctx.db
    .insertInto("enrollment_steps")
    .values({
      file_id: file.id,
      step: "exitAuthorization",
      data: JSON.stringify(exit),
      completed_at: now,
      updated_at: now,
    })
    .execute();
  const code = `DOC-${randomUUID().slice(0, 12)}`;
  const request = await t.ctx.db
    .insertInto("requests")
    .values({
      code,
      user_id: opts.familyId,
      file_id: file.id,
      school_year_id: opts.yearId,
      request_status: "Untreated",
      photo_status: "pending",
      is_test_data: test,
      url_file: null,
      created_at: opts.sentAt,
      updated_at: opts.sentAt,
      student_name: opts.studentName,
      level_code: opts.level ?? "CM1",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: request.id, fileId: file.id, code };
}

export const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

/** Stores bytes as an upload of the family, referenced by the file's `studentFile` step. */
export async function insertReferencedUpload(
  t: TestApp,
  opts: { familyId: number; fileId: number; name: string; bytes: Buffer; step?: string },
): Promise<{ id: number; storageKey: string }> {
  const storageKey = `${randomUUID().replaceAll("-", "")}.pdf`;
  const dir = path.join(t.ctx.config.dataDir, "files");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, storageKey), opts.bytes);
  const row = await t.ctx.db
    .insertInto("uploads")
    .values({
      family_user_id: opts.familyId,
      file_id: opts.fileId,
      kind: "identityDocument",
      original_name: opts.name,
      content_type: "application/pdf",
      size: opts.bytes.length,
      sha256: "0".repeat(64),
      storage_key: storageKey,
      created_at: nowIso(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await t.ctx.db
    .insertInto("enrollment_steps")
    .values({
      file_id: opts.fileId,
      step: opts.step ?? "studentFile",
      data: JSON.stringify({ documentFileId: row.id }),
      completed_at: nowIso(),
      updated_at: nowIso(),
    })
    .execute();
  return { id: row.id, storageKey };
}
