import type { ExpressionBuilder } from "kysely";
import type { Db } from "../../db/database.ts";
import type { Database } from "../../db/types.ts";

/**
 * The purge's own deletions (queries only): sent e-mails and audit entries past their period,
 * medical record steps, uploads. An applicant's whole record is erased by the erasure module.
 */

export interface Held {
  /** Accounts of held families (first account and second parent). */
  accounts: number[];
  /** Held requests and every request of a held family. */
  requests: number[];
}

function oldMails(eb: ExpressionBuilder<Database, "mail_outbox">, cutoff: string, held: Held) {
  const conditions = [
    eb.or([
      eb.and([eb("status", "=", "sent"), eb("sent_at", "<", cutoff)]),
      eb.and([eb("status", "=", "failed"), eb("created_at", "<", cutoff)]),
    ]),
  ];
  if (held.accounts.length > 0) {
    conditions.push(eb.or([eb("user_id", "is", null), eb("user_id", "not in", held.accounts)]));
  }
  if (held.requests.length > 0) {
    conditions.push(eb.or([eb("request_id", "is", null), eb("request_id", "not in", held.requests)]));
  }
  return eb.and(conditions);
}

function heldMails(eb: ExpressionBuilder<Database, "mail_outbox">, cutoff: string, held: Held) {
  return eb.and([
    eb.or([
      eb.and([eb("status", "=", "sent"), eb("sent_at", "<", cutoff)]),
      eb.and([eb("status", "=", "failed"), eb("created_at", "<", cutoff)]),
    ]),
    eb.not(oldMails(eb, cutoff, held)),
  ]);
}

export async function countOldMails(db: Db, cutoff: string, held: Held): Promise<{ due: number; kept: number }> {
  const due = await db
    .selectFrom("mail_outbox")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where((eb) => oldMails(eb, cutoff, held))
    .executeTakeFirstOrThrow();
  const kept = await db
    .selectFrom("mail_outbox")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where((eb) => heldMails(eb, cutoff, held))
    .executeTakeFirstOrThrow();
  return { due: Number(due.n), kept: Number(kept.n) };
}

export async function deleteOldMails(db: Db, cutoff: string, held: Held): Promise<number> {
  const result = await db
    .deleteFrom("mail_outbox")
    .where((eb) => oldMails(eb, cutoff, held))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

function oldAudit(eb: ExpressionBuilder<Database, "audit_events">, cutoff: string, held: Held) {
  const conditions = [eb("created_at", "<", cutoff)];
  if (held.accounts.length > 0) {
    conditions.push(eb.or([eb("subject_user_id", "is", null), eb("subject_user_id", "not in", held.accounts)]));
  }
  return eb.and(conditions);
}

export async function countOldAudit(db: Db, cutoff: string, held: Held): Promise<{ due: number; kept: number }> {
  const all = await db
    .selectFrom("audit_events")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("created_at", "<", cutoff)
    .executeTakeFirstOrThrow();
  const due = await db
    .selectFrom("audit_events")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where((eb) => oldAudit(eb, cutoff, held))
    .executeTakeFirstOrThrow();
  return { due: Number(due.n), kept: Number(all.n) - Number(due.n) };
}

export async function deleteOldAudit(db: Db, cutoff: string, held: Held): Promise<number> {
  const result = await db
    .deleteFrom("audit_events")
    .where((eb) => oldAudit(eb, cutoff, held))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ready "My data" archives past their link's 24 hours (their files are still on disk). */
export async function countExpiredArchives(db: Db, now: string): Promise<number> {
  const row = await db
    .selectFrom("data_exports")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "ready")
    .where("expires_at", "<", now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A student's medical record: the step and its draft in each of the student's files. */
export async function deleteMedicalSteps(db: Db, fileIds: number[]): Promise<void> {
  if (fileIds.length === 0) return;
  await db.deleteFrom("enrollment_steps").where("step", "=", "medicalRecord").where("file_id", "in", fileIds).execute();
  await db.deleteFrom("step_drafts").where("step", "=", "medicalRecord").where("file_id", "in", fileIds).execute();
}

export async function deleteUploads(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom("uploads").where("id", "in", ids).execute();
}

/** The stored PDFs of these files: they print what was just removed, and are drawn again on demand. */
export async function deleteStoredDocuments(db: Db, fileIds: number[]): Promise<string[]> {
  if (fileIds.length === 0) return [];
  const rows = await db.selectFrom("file_documents").select("storage_key").where("file_id", "in", fileIds).execute();
  await db.deleteFrom("file_documents").where("file_id", "in", fileIds).execute();
  return rows.map((row) => row.storage_key);
}

export async function updateStepData(db: Db, fileId: number, step: string, data: string): Promise<void> {
  await db
    .updateTable("enrollment_steps")
    .set({ data })
    .where("file_id", "=", fileId)
    .where("step", "=", step)
    .execute();
}
