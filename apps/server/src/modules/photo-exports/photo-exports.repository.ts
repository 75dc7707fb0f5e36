import type { Db } from "../../db/database.ts";
import { type RequestFilter, requestsWhere } from "../requests/requests.repository.ts";

/** Queries of the photo exports: the filtered requests in id order, their steps, their uploads. */

/** The steps a photo export reads: the student's names, the photo and its authorizations, the people. */
export const PHOTO_EXPORT_STEPS = [
  "studentFile",
  "studentPhoto",
  "firstRepresentative",
  "secondRepresentative",
  "authorizedPersons",
] as const;

/** The next `limit` requests after `afterId` (keyset paging: memory stays one batch whatever the school's size). */
export function findRequestBatch(db: Db, filter: RequestFilter, afterId: number, limit: number) {
  return requestsWhere(
    db
      .selectFrom("requests")
      .select([
        "requests.id",
        "requests.code",
        "requests.file_id",
        "requests.level_code",
        "requests.photo_status",
        "requests.student_name",
      ]),
    filter,
  )
    .where("requests.id", ">", afterId)
    .orderBy("requests.id")
    .limit(limit)
    .execute();
}
export type PhotoExportRequestRow = Awaited<ReturnType<typeof findRequestBatch>>[number];

/** The export's steps of some files. */
export function findExportSteps(db: Db, fileIds: readonly number[], steps: readonly string[]) {
  if (fileIds.length === 0 || steps.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("enrollment_steps")
    .select(["file_id", "step", "data"])
    .where("file_id", "in", [...fileIds])
    .where("step", "in", [...steps])
    .execute();
}

/** Where some uploads are stored, and what they are. */
export function findUploads(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("uploads")
    .select(["id", "storage_key", "content_type", "size"])
    .where("id", "in", [...ids])
    .execute();
}
export type PhotoExportUploadRow = Awaited<ReturnType<typeof findUploads>>[number];

/** A school year's label ("2025-2026") for the README; undefined for an unknown id. */
export async function findSchoolYearLabel(db: Db, id: number): Promise<string | undefined> {
  const row = await db.selectFrom("school_years").select("label").where("id", "=", id).executeTakeFirst();
  return row?.label;
}
