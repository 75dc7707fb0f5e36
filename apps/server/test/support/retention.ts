import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { RequestStatus } from "@portal/shared/request-status";
import { nowIso } from "../../src/db/database.ts";
import { insertStudentRow } from "./students.ts";
import type { TestApp } from "./test-app.ts";

/** Rows for the retention specs, written straight into the database (a database of the spec's own). */

let nextYear = 7_000_000;

export async function insertYear(t: TestApp, endsOn: string): Promise<number> {
  nextYear += 1;
  const id = nextYear;
  const starts = `${Number(endsOn.slice(0, 4)) - 1}-09-01`;
  await t.ctx.db
    .insertInto("school_years")
    .values({ id, label: `Y-${endsOn}-${id}`, starts_on: starts, ends_on: endsOn, is_current: 0, enrollment_open: 0 })
    .execute();
  return id;
}

/** A student with one file of `yearId`: a draft (status null) or a sent request in `status`. */
export async function insertApplicant(
  t: TestApp,
  opts: { familyId: number; yearId: number; name: string; status: RequestStatus | null; studentId?: number },
): Promise<{ studentId: number; fileId: number; requestId: number | null; code: string | null }> {
  const now = nowIso();
  const studentId = opts.studentId ?? (await insertStudentRow(t, { familyId: opts.familyId, name: opts.name })).id;
  const file = await t.ctx.db
    .insertInto("enrollment_files")
    .values({
      student_id: studentId,
      school_year_id: opts.yearId,
      is_new_student: 1,
      status: opts.status ? "sent" : "draft",
      level_code: "CM1",
      created_at: now,
      updated_at: now,
      sent_at: opts.status ? now : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (!opts.status) return { studentId, fileId: file.id, requestId: null, code: null };
  const code = `RT-${randomUUID().slice(0, 10)}`;
  const request = await t.ctx.db
    .insertInto("requests")
    .values({
      code,
      user_id: opts.familyId,
      file_id: file.id,
      school_year_id: opts.yearId,
      request_status: opts.status,
      photo_status: "pending",
      is_test_data: 0,
      url_file: null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { studentId, fileId: file.id, requestId: request.id, code };
}

export async function insertStep(t: TestApp, fileId: number, step: string, data: Record<string, unknown>) {
  const now = nowIso();
  await t.ctx.db
    .insertInto("enrollment_steps")
    .values({ file_id: fileId, step, data: JSON.stringify(data), completed_at: now, updated_at: now })
    .execute();
}

export async function readStep(t: TestApp, fileId: number, step: string): Promise<Record<string, unknown> | null> {
  const row = await t.ctx.db
    .selectFrom("enrollment_steps")
    .select("data")
    .where("file_id", "=", fileId)
    .where("step", "=", step)
    .executeTakeFirst();
  return row ? (JSON.parse(row.data) as Record<string, unknown>) : null;
}

/** An upload row with a real file under DATA_DIR/files; answers its id and the file's path. */
export async function insertUpload(
  t: TestApp,
  opts: { familyId: number; fileId: number; kind: string },
): Promise<{ id: number; filePath: string }> {
  const key = `${randomUUID()}.bin`;
  const dir = path.join(t.ctx.config.dataDir, "files");
  fs.mkdirSync(dir, { recursive: true });
  const filePath = path.join(dir, key);
  fs.writeFileSync(filePath, "bytes");
  const row = await t.ctx.db
    .insertInto("uploads")
    .values({
      family_user_id: opts.familyId,
      file_id: opts.fileId,
      kind: opts.kind,
      original_name: "x.pdf",
      content_type: "application/pdf",
      size: 5,
      sha256: "0".repeat(64),
      storage_key: key,
      original_storage_key: null,
      created_at: nowIso(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, filePath };
}

export async function insertSentMail(t: TestApp, opts: { userId: number | null; sentAt: string }): Promise<number> {
  const row = await t.ctx.db
    .insertInto("mail_outbox")
    .values({
      message_id: `<${randomUUID()}@test>`,
      queued_by: "test",
      kind: "test",
      to_address: "someone@example.com",
      subject: "Old",
      body_text: "Old",
      body_html: "<p>Old</p>",
      attachments: null,
      request_id: null,
      user_id: opts.userId,
      status: "sent",
      next_attempt_at: opts.sentAt,
      locked_until: null,
      last_error: null,
      resent_from: null,
      created_at: opts.sentAt,
      sent_at: opts.sentAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertOldAudit(t: TestApp, opts: { subjectUserId: number | null; at: string }): Promise<number> {
  const row = await t.ctx.db
    .insertInto("audit_events")
    .values({
      event: "login.success",
      actor_user_id: null,
      subject_user_id: opts.subjectUserId,
      ip: "",
      details: null,
      created_at: opts.at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export const exists = async (t: TestApp, table: "uploads" | "mail_outbox" | "audit_events", id: number) =>
  (await t.ctx.db.selectFrom(table).select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
