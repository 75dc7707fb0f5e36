import type { Insertable, Updateable } from "kysely";
import type { Db } from "../../db/database.ts";
import type { DataRightsRequestsTable } from "../../db/types.ts";

/** The `data_rights_requests` rows (migration 0037) and what the screens show beside them; queries only. */

export function insertRequest(db: Db, row: Insertable<DataRightsRequestsTable>): Promise<{ id: number }> {
  return db.insertInto("data_rights_requests").values(row).returning("id").executeTakeFirstOrThrow();
}

/** A request with the child's name and the names and e-mails of who filed, started and closed it. */
function withNames(db: Db) {
  return db
    .selectFrom("data_rights_requests as r")
    .leftJoin("students as s", "s.id", "r.student_id")
    .innerJoin("users as f", "f.id", "r.filed_by")
    .leftJoin("users as st", "st.id", "r.started_by")
    .leftJoin("users as c", "c.id", "r.closed_by")
    .selectAll("r")
    .select([
      "s.student_name",
      "f.names as filed_names",
      "f.first_surname as filed_surname",
      "f.email as filed_email",
      "f.language as filed_language",
      "st.names as started_names",
      "st.first_surname as started_surname",
      "st.email as started_email",
      "c.names as closed_names",
      "c.first_surname as closed_surname",
      "c.email as closed_email",
    ]);
}

export type RequestRow = Awaited<ReturnType<typeof findRequest>> & {};

export function findRequest(db: Db, id: number) {
  return withNames(db).where("r.id", "=", id).executeTakeFirst();
}

/** The family's requests, newest first: another family's never match. */
export function findFamilyRequests(db: Db, familyId: number) {
  return withNames(db).where("r.family_user_id", "=", familyId).orderBy("r.id", "desc").execute();
}

/** The staff's queue: oldest deadline first, then the order they came in. */
export function findQueue(db: Db, filters: { state?: string; kind?: string }) {
  let query = withNames(db);
  if (filters.state) query = query.where("r.state", "=", filters.state);
  if (filters.kind) query = query.where("r.kind", "=", filters.kind);
  return query.orderBy("r.deadline_on").orderBy("r.id").execute();
}

/**
 * Changes a request only while it is still in one of `from` (the state the staff saw): of two
 * people closing it at once, one wins and the other is told. Returns whether it changed.
 */
export async function updateRequestIf(
  db: Db,
  id: number,
  from: readonly string[],
  values: Updateable<DataRightsRequestsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable("data_rights_requests")
    .set(values)
    .where("id", "=", id)
    .where("state", "in", [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The family's children with the birth date of their latest saved student file (null before step 2). */
export async function findFamilyStudents(
  db: Db,
  familyId: number,
): Promise<{ id: number; name: string; birthDate: string | null }[]> {
  const rows = await db
    .selectFrom("students as s")
    .leftJoin("enrollment_files as f", "f.student_id", "s.id")
    .leftJoin("enrollment_steps as e", (join) => join.onRef("e.file_id", "=", "f.id").on("e.step", "=", "studentFile"))
    .select(["s.id", "s.student_name", "e.data", "e.updated_at"])
    .where("s.family_user_id", "=", familyId)
    .orderBy("s.id")
    .orderBy("e.updated_at")
    .execute();
  const students = new Map<number, { id: number; name: string; birthDate: string | null }>();
  for (const row of rows) {
    const known = students.get(row.id) ?? { id: row.id, name: row.student_name, birthDate: null };
    const birthDate = birthDateOf(row.data);
    // Ordered by the step's save time: the latest saved birth date wins.
    if (birthDate) known.birthDate = birthDate;
    students.set(row.id, known);
  }
  return [...students.values()];
}

function birthDateOf(json: string | null): string | null {
  if (!json) return null;
  try {
    const data: unknown = JSON.parse(json);
    const value = data && typeof data === "object" ? (data as Record<string, unknown>).birthDate : null;
    return typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
  } catch {
    return null;
  }
}

/** The enrollment requests of the family's children, or of one child, newest first. */
export function enrollmentRequestsAbout(db: Db, familyUserId: number, studentId: number | null) {
  let query = db
    .selectFrom("requests as q")
    .innerJoin("enrollment_files as f", "f.id", "q.file_id")
    .innerJoin("students as s", "s.id", "f.student_id")
    .innerJoin("school_years as y", "y.id", "q.school_year_id")
    .select(["q.id", "q.code", "y.label as year_label", "s.student_name"])
    .where("s.family_user_id", "=", familyUserId);
  if (studentId !== null) query = query.where("s.id", "=", studentId);
  return query.orderBy("q.id", "desc").execute();
}
