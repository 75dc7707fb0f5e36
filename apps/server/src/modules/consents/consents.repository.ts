import type { Db } from "../../db/database.ts";

/** Queries of consent withdrawals: the consent rows of some files, the family's children, a request's file. */

/** The consent rows of some files about some subjects, oldest first (a subject's latest row is its state). */
export function findConsentRows(db: Db, fileIds: readonly number[], subjects: readonly string[]) {
  if (fileIds.length === 0 || subjects.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("consents")
    .select(["id", "user_id", "file_id", "subject", "text_version", "accepted", "withdrawn", "created_at"])
    .where("file_id", "in", [...fileIds])
    .where("subject", "in", [...subjects])
    .orderBy("id")
    .execute();
}
export type ConsentRow = Awaited<ReturnType<typeof findConsentRows>>[number];

/** The family's children and their files, newest file last. */
export function findFamilyFiles(db: Db, familyUserId: number) {
  return db
    .selectFrom("students")
    .innerJoin("enrollment_files", "enrollment_files.student_id", "students.id")
    .select(["students.id as student_id", "students.student_name", "enrollment_files.id as file_id"])
    .where("students.family_user_id", "=", familyUserId)
    .orderBy("students.id")
    .orderBy("enrollment_files.id")
    .execute();
}

/** A student's owner and files (none when the student does not exist). */
export async function findStudentFiles(db: Db, studentId: number) {
  const student = await db
    .selectFrom("students")
    .select(["id", "family_user_id"])
    .where("id", "=", studentId)
    .executeTakeFirst();
  if (!student) return undefined;
  const files = await db
    .selectFrom("enrollment_files")
    .select("id")
    .where("student_id", "=", studentId)
    .orderBy("id")
    .execute();
  return { familyUserId: student.family_user_id, fileIds: files.map((file) => file.id) };
}

/** PostgreSQL, inside a transaction: holds the student's row until it ends (SQLite's write lock already does). */
export async function lockStudent(db: Db, studentId: number): Promise<void> {
  await db.selectFrom("students").select("id").where("id", "=", studentId).forUpdate().execute();
}

/** The file a request was sent for. */
export function findRequestFile(db: Db, requestId: number) {
  return db.selectFrom("requests").select(["id", "file_id"]).where("id", "=", requestId).executeTakeFirst();
}

export interface WithdrawalRow {
  user_id: number;
  file_id: number;
  subject: string;
  text_version: string;
  ip: string;
  created_at: string;
}

/** Records withdrawals: rows of `consents`, not accepted, marked withdrawn. */
export async function insertWithdrawals(db: Db, rows: readonly WithdrawalRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("consents")
    .values(rows.map((row) => ({ ...row, accepted: 0, withdrawn: 1 })))
    .execute();
}
