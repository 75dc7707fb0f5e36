import type { Db } from "../../db/database.ts";
import { type PageWindow, type RequestFilter, requestsWhere } from "../requests/requests.repository.ts";

/** The steps a medical row reads: the medical record, and the student file (blood type, contacts). */
export const MEDICAL_STEPS = ["medicalRecord", "studentFile"] as const;

const COLUMNS = [
  "requests.id",
  "requests.code",
  "requests.file_id",
  "requests.student_name",
  "requests.level_code",
  "requests.request_status",
] as const;

/** The filtered requests, by student name (the id breaks ties); a page, or all of them without a window. */
export function findMedicalRequests(db: Db, filter: RequestFilter, window?: PageWindow) {
  let query = requestsWhere(db.selectFrom("requests").select(COLUMNS), filter)
    .orderBy("requests.student_sort_name", "asc")
    .orderBy("requests.id", "asc");
  if (window) query = query.limit(window.limit).offset(window.offset);
  return query.execute();
}
export type MedicalRequestRow = Awaited<ReturnType<typeof findMedicalRequests>>[number];

/** The medical record and student file steps of these files. */
export function findMedicalSteps(db: Db, fileIds: readonly number[]) {
  if (fileIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("enrollment_steps")
    .select(["file_id", "step", "data"])
    .where("file_id", "in", [...fileIds])
    .where("step", "in", [...MEDICAL_STEPS])
    .execute();
}

export function findSchoolYearLabel(db: Db, id: number) {
  return db.selectFrom("school_years").select("label").where("id", "=", id).executeTakeFirst();
}
