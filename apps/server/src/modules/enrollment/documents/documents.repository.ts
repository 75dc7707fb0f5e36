import { sql } from "kysely";
import type { Db } from "../../../db/database.ts";

/** The file, its student, school year and request (if sent) in one query. */
export function findFileForDocuments(db: Db, fileId: number) {
  return db
    .selectFrom("enrollment_files")
    .innerJoin("students", "students.id", "enrollment_files.student_id")
    .innerJoin("school_years", "school_years.id", "enrollment_files.school_year_id")
    .leftJoin("requests", "requests.file_id", "enrollment_files.id")
    .select([
      "enrollment_files.id as fileId",
      "enrollment_files.status as status",
      "enrollment_files.is_new_student as isNewStudent",
      "enrollment_files.level_code as levelCode",
      "enrollment_files.sent_at as sentAt",
      "students.family_user_id as familyUserId",
      "students.student_name as studentName",
      "students.document_number as studentDocument",
      "school_years.label as schoolYearLabel",
      "enrollment_files.school_year_id as schoolYearId",
      "requests.code as requestCode",
      "requests.created_at as requestCreatedAt",
    ])
    .where("enrollment_files.id", "=", fileId)
    .executeTakeFirst();
}

export function listFileStepData(db: Db, fileId: number) {
  return db.selectFrom("enrollment_steps").select(["step", "data"]).where("file_id", "=", fileId).execute();
}

/** Shown names of the family's uploads among `ids`. */
export function listUploadNames(db: Db, familyUserId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("uploads")
    .select(["id", "original_name"])
    .where("id", "in", ids)
    .where("family_user_id", "=", familyUserId)
    .execute();
}

/** Every consent recorded for the file, oldest first (the last one per subject is in force). */
export function listFileConsents(db: Db, fileId: number) {
  return db
    .selectFrom("consents")
    .select(["subject", "accepted", "withdrawn", "text_version", "created_at"])
    .where("file_id", "=", fileId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** Portal users among these (lower-case) e-mail addresses, with their language. */
export function findUserLanguages(db: Db, emails: string[]) {
  if (emails.length === 0) return Promise.resolve([]);
  return db.selectFrom("users").select(["email", "language"]).where(sql<string>`lower(email)`, "in", emails).execute();
}
