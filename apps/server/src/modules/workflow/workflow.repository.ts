import type { StepId } from "@portal/shared/enrollment-steps";
import type { HistoryAction } from "@portal/shared/workflow";
import type { Db } from "../../db/database.ts";

/** Queries of the staff workflow: a request's detail, its history, guarded changes. */

/** A request with its file, student, family account and school year, in one query. */
export function findRequestDetailRow(db: Db, id: number) {
  return db
    .selectFrom("requests as r")
    .innerJoin("enrollment_files as f", "f.id", "r.file_id")
    .innerJoin("students as s", "s.id", "f.student_id")
    .innerJoin("users as u", "u.id", "r.user_id")
    .innerJoin("school_years as y", "y.id", "r.school_year_id")
    .select([
      "r.id",
      "r.code",
      "r.request_status",
      "r.photo_status",
      "r.version",
      "r.is_test_data",
      "r.created_at",
      "r.updated_at",
      "r.file_id",
      "r.school_year_id",
      "r.user_id",
      "r.correction_message",
      "r.correction_steps",
      "r.internal_review",
      "r.internal_review_note",
      "r.internal_review_by",
      "r.internal_review_at",
      "r.internal_review_resolved_by",
      "r.internal_review_resolved_at",
      "y.label as school_year_label",
      "y.starts_on as school_year_starts_on",
      "f.level_code",
      "f.is_new_student",
      "s.id as student_id",
      "s.family_user_id",
      "s.student_name",
      "s.document_number",
      "u.email as family_email",
      "u.names as family_names",
      "u.first_surname as family_first_surname",
      "u.second_surname as family_second_surname",
      "u.language as family_language",
    ])
    .where("r.id", "=", id)
    .executeTakeFirst();
}
export type RequestDetailRow = NonNullable<Awaited<ReturnType<typeof findRequestDetailRow>>>;

/** The birth date saved in a file's student-file step, if any (the request page's checks). */
export async function findBirthDate(db: Db, fileId: number): Promise<string | null> {
  const row = await db
    .selectFrom("enrollment_steps")
    .select("data")
    .where("file_id", "=", fileId)
    .where("step", "=", "studentFile")
    .executeTakeFirst();
  const birthDate = row ? (JSON.parse(row.data) as { birthDate?: unknown }).birthDate : undefined;
  return typeof birthDate === "string" ? birthDate : null;
}

/** A request's history, oldest first, with the name of whoever made each change. */
export function listHistory(db: Db, requestId: number) {
  return db
    .selectFrom("request_history as h")
    .leftJoin("users as u", "u.id", "h.user_id")
    .select([
      "h.id",
      "h.from_status",
      "h.to_status",
      "h.action",
      "h.comment",
      "h.user_id",
      "h.created_at",
      "u.names",
      "u.first_surname",
      "u.second_surname",
    ])
    .where("h.request_id", "=", requestId)
    .orderBy("h.id")
    .execute();
}

export function findUserNames(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("users")
    .select(["id", "names", "first_surname", "second_surname"])
    .where("id", "in", ids)
    .execute();
}

/** What a status change needs to know about each request: one query for a whole bulk change. */
export function findRequestsForChange(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("requests")
    .select(["id", "code", "request_status", "version", "file_id", "user_id"])
    .where("id", "in", ids)
    .execute();
}
export type ChangeRow = Awaited<ReturnType<typeof findRequestsForChange>>[number];

/**
 * Moves a request from `from` to `to` only if it still is at `version` and in `from`: the
 * optimistic-concurrency guard. A correction request stores its message and steps; any other
 * change clears them. Answers false, having written nothing, when the guard fails.
 */
export async function updateStatusIf(
  db: Db,
  change: {
    id: number;
    version: number;
    from: string;
    to: string;
    now: string;
    correction: { message: string; steps: readonly StepId[] } | null;
  },
): Promise<boolean> {
  const result = await db
    .updateTable("requests")
    .set((eb) => ({
      request_status: change.to,
      version: eb("version", "+", 1),
      updated_at: change.now,
      correction_message: change.correction?.message ?? null,
      correction_steps: change.correction ? JSON.stringify(change.correction.steps) : null,
    }))
    .where("id", "=", change.id)
    .where("version", "=", change.version)
    .where("request_status", "=", change.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Sets or clears the internal-review flag if the request is still at `version`. */
export async function updateInternalReviewIf(
  db: Db,
  change: { id: number; version: number; flagged: boolean; note: string | null; userId: number; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable("requests")
    .set((eb) => ({
      version: eb("version", "+", 1),
      updated_at: change.now,
      internal_review: change.flagged ? 1 : 0,
      ...(change.flagged
        ? {
            internal_review_note: change.note,
            internal_review_by: change.userId,
            internal_review_at: change.now,
            internal_review_resolved_by: null,
            internal_review_resolved_at: null,
          }
        : { internal_review_resolved_by: change.userId, internal_review_resolved_at: change.now }),
    }))
    .where("id", "=", change.id)
    .where("version", "=", change.version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertHistory(
  db: Db,
  row: {
    requestId: number;
    from: string | null;
    to: string;
    action: HistoryAction;
    comment: string | null;
    userId: number | null;
    now: string;
  },
): Promise<void> {
  await db
    .insertInto("request_history")
    .values({
      request_id: row.requestId,
      from_status: row.from,
      to_status: row.to,
      action: row.action,
      comment: row.comment,
      user_id: row.userId,
      created_at: row.now,
    })
    .execute();
}
