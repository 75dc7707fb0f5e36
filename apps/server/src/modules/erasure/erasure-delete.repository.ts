import { notifyChange } from "../../db/change-notifier.ts";
import type { Db } from "../../db/database.ts";
import { forgetUserSessions } from "../../kernel/session-cache.ts";

/*
 * Erasure's writes, queries only, each run inside the erasure's one transaction
 * (erasure.service.ts). Deleting an enrollment file cascades to its steps, drafts, request (with its
 * history, hand-ins and BUE line), consents and stored PDFs (the migrations' foreign keys).
 */

export async function insertPendingFiles(trx: Db, ref: string, paths: string[], at: string) {
  for (const path of paths) {
    await trx
      .insertInto("erasure_pending_files")
      .values({ path, erasure_ref: ref, created_at: at })
      .onConflict((oc) => oc.column("path").doNothing())
      .execute();
  }
}

export function updateAuditRow(
  trx: Db,
  id: number,
  values: { details: string | null; actor_user_id: number | null; subject_user_id: number | null; ip?: string },
) {
  return trx.updateTable("audit_events").set(values).where("id", "=", id).execute();
}

export async function deleteEmails(trx: Db, requestIds: number[], accountIds: number[]): Promise<number> {
  if (requestIds.length === 0 && accountIds.length === 0) return 0;
  const result = await trx
    .deleteFrom("mail_outbox")
    .where((eb) =>
      eb.or([
        ...(requestIds.length > 0 ? [eb("request_id", "in", requestIds)] : []),
        ...(accountIds.length > 0 ? [eb("user_id", "in", accountIds)] : []),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Another family's refused duplicates of nobody: attempts made from the erased files. */
export async function deleteDuplicateAttempts(trx: Db, fileIds: number[], studentIds: number[]) {
  if (fileIds.length > 0) {
    await trx.deleteFrom("duplicate_student_attempts").where("attempted_file_id", "in", fileIds).execute();
  }
  if (studentIds.length > 0) {
    await trx.deleteFrom("duplicate_student_attempts").where("student_id", "in", studentIds).execute();
  }
}

export async function deleteUploads(trx: Db, ids: number[]) {
  if (ids.length > 0) await trx.deleteFrom("uploads").where("id", "in", ids).execute();
}

export async function deleteDrafts(trx: Db, fileIds: number[]) {
  if (fileIds.length > 0) await trx.deleteFrom("step_drafts").where("file_id", "in", fileIds).execute();
}

export async function deleteFiles(trx: Db, fileIds: number[]) {
  if (fileIds.length > 0) await trx.deleteFrom("enrollment_files").where("id", "in", fileIds).execute();
}

export async function deleteStudents(trx: Db, ids: number[]) {
  if (ids.length > 0) await trx.deleteFrom("students").where("id", "in", ids).execute();
}

export async function deleteExports(trx: Db, ids: string[]) {
  if (ids.length > 0) await trx.deleteFrom("data_exports").where("id", "in", ids).execute();
}

export async function deleteInvitations(trx: Db, accountIds: number[]) {
  await trx
    .deleteFrom("household_invitations")
    .where((eb) => eb.or([eb("owner_user_id", "in", accountIds), eb("accepted_user_id", "in", accountIds)]))
    .execute();
}

/**
 * An account an election lists stays as a row without personal data, so the register, the
 * electorate and the turnout stay whole; its candidate statements, photo and birth date go.
 */
export async function anonymiseAccounts(trx: Db, ids: number[], ref: string, at: string) {
  for (const id of ids) {
    await trx
      .updateTable("users")
      .set({
        email: `erased-${ref}-${id}@erased.invalid`,
        password_hash: "!",
        first_surname: "",
        second_surname: "",
        names: "",
        phone: "",
        mfa_secret: null,
        mfa_pending_secret: null,
        mfa_enabled_at: null,
        household_owner_id: null,
        deactivated_at: at,
        updated_at: at,
      })
      .where("id", "=", id)
      .execute();
  }
  if (ids.length === 0) return;
  await forgetAccounts(trx, ids);
  await trx.deleteFrom("sessions").where("user_id", "in", ids).execute();
  await trx.deleteFrom("user_tokens").where("user_id", "in", ids).execute();
  await trx.deleteFrom("mfa_recovery_codes").where("user_id", "in", ids).execute();
  await trx
    .updateTable("election_candidates")
    .set({ statement: null, photo_ref: null, birth_date: null })
    .where("user_id", "in", ids)
    .execute();
  await trx
    .updateTable("election_candidacies")
    .set({ statement: null, decision_reason: null })
    .where("user_id", "in", ids)
    .execute();
}

/**
 * Signed-in requests read the account from the session cache: this process forgets it at once, the
 * others (PostgreSQL) when the transaction commits.
 */
async function forgetAccounts(trx: Db, ids: number[]) {
  for (const id of ids) {
    forgetUserSessions(id);
    await notifyChange(trx, `user:${id}`);
  }
}

/** The household's accounts: those who joined first (they point at the first account), then it. */
export async function deleteAccounts(trx: Db, ids: number[], familyId: number) {
  const members = ids.filter((id) => id !== familyId);
  if (members.length > 0) await trx.deleteFrom("users").where("id", "in", members).execute();
  if (ids.includes(familyId)) await trx.deleteFrom("users").where("id", "=", familyId).execute();
  await forgetAccounts(trx, ids);
}

export function deletePendingFile(db: Db, path: string) {
  return db.deleteFrom("erasure_pending_files").where("path", "=", path).execute();
}

export function markPendingFileFailed(db: Db, path: string, attempts: number, error: string) {
  return db
    .updateTable("erasure_pending_files")
    .set({ attempts, last_error: error })
    .where("path", "=", path)
    .execute();
}
