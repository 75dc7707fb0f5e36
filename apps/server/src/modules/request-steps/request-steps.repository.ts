import type { Db } from "../../db/database.ts";

/** A request with its file and student, as the module pages need them (one query). */
export function findRequestFile(db: Db, requestId: number) {
  return db
    .selectFrom("requests as r")
    .innerJoin("enrollment_files as f", "f.id", "r.file_id")
    .innerJoin("students as s", "s.id", "f.student_id")
    .select([
      "r.id",
      "r.code",
      "r.request_status",
      "r.version",
      "r.file_id",
      "f.school_year_id",
      "f.is_new_student",
      "f.level_code",
      "s.id as student_id",
      "s.student_name",
      "s.document_number",
      "s.family_user_id",
    ])
    .where("r.id", "=", requestId)
    .executeTakeFirst();
}
export type RequestFileRow = NonNullable<Awaited<ReturnType<typeof findRequestFile>>>;

/**
 * Moves the request to the next version if it is still at `version` and in one of `statuses`:
 * the optimistic-concurrency guard of a staff save. False, having written nothing, otherwise.
 */
export async function bumpVersionIf(
  db: Db,
  change: { id: number; version: number; statuses: readonly string[]; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable("requests")
    .set((eb) => ({ version: eb("version", "+", 1), updated_at: change.now }))
    .where("id", "=", change.id)
    .where("version", "=", change.version)
    .where("request_status", "in", [...change.statuses])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
