import type { Db } from "../../db/database.ts";

/** A family account's students, by name (the account detail page). */
export function familyStudents(db: Db, userId: number) {
  return db
    .selectFrom("students")
    .select(["id", "student_name", "document_number"])
    .where("family_user_id", "=", userId)
    .orderBy("student_name")
    .orderBy("id")
    .execute();
}

/** The requests a family account sent, newest first, with the student each is for. */
export function familyRequests(db: Db, userId: number) {
  return db
    .selectFrom("requests")
    .innerJoin("enrollment_files", "enrollment_files.id", "requests.file_id")
    .innerJoin("school_years", "school_years.id", "requests.school_year_id")
    .select([
      "requests.id",
      "requests.code",
      "requests.request_status",
      "requests.created_at",
      "school_years.label as school_year",
      "enrollment_files.student_id",
    ])
    .where("requests.user_id", "=", userId)
    .orderBy("requests.created_at", "desc")
    .orderBy("requests.id", "desc")
    .execute();
}
