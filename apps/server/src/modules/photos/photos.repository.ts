import { REQUEST_STATUSES } from "@portal/shared/request-status";
import type { PhotoStatus } from "@portal/shared/schemas/photos";
import type { SelectQueryBuilder } from "kysely";
import type { Db } from "../../db/database.ts";
import type { Database } from "../../db/types.ts";
import { type PageWindow, type RequestFilter, requestsWhere } from "../requests/requests.repository.ts";

/** Queries of the student photos' review: the grid, one request's photo, the guarded changes. */

/** The grid shows the requests the family has sent: not those it is correcting (InProcess). */
const SENT_STATUSES = REQUEST_STATUSES.filter((status) => status !== "InProcess");

export interface PhotoFilter extends Pick<RequestFilter, "schoolYearId" | "testData" | "words"> {
  photoStatus?: PhotoStatus;
}

/** The requests lists' conditions (school year, test data, search words), the sent statuses and the photo status. */
function photosQuery(db: Db, filter: PhotoFilter) {
  const q = requestsWhere(db.selectFrom("requests"), { ...filter, statuses: SENT_STATUSES });
  return filter.photoStatus ? q.where("requests.photo_status", "=", filter.photoStatus) : q;
}

/** Joins the request's studentPhoto step (its data holds the photo's upload id). */
function withPhotoStep<O>(query: SelectQueryBuilder<Database, "requests", O>) {
  return query.leftJoin("enrollment_steps as st", (join) =>
    join.onRef("st.file_id", "=", "requests.file_id").on("st.step", "=", "studentPhoto"),
  );
}

/** What a grid card shows, and what a review checks. */
const PHOTO_COLUMNS = [
  "requests.id",
  "requests.code",
  "requests.user_id",
  "requests.file_id",
  "requests.student_name",
  "requests.level_code",
  "requests.request_status",
  "requests.photo_status",
  "requests.photo_rejection_reason",
  "requests.photo_reviewed_at",
  "requests.version",
  "requests.is_test_data",
  "st.data as photo_step",
] as const;

/** One page of the grid, by the student's name (accent-free), the request id breaking ties. */
export function findPhotosPage(db: Db, filter: PhotoFilter, window: PageWindow) {
  return withPhotoStep(photosQuery(db, filter))
    .select(PHOTO_COLUMNS)
    .orderBy("requests.student_sort_name")
    .orderBy("requests.id")
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

export async function countPhotos(db: Db, filter: PhotoFilter): Promise<number> {
  const row = await photosQuery(db, filter)
    .select((eb) => eb.fn.countAll().as("n"))
    .$castTo<{ n: number | string | bigint }>()
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One request as the grid shows it, with its studentPhoto step's data (null when none). */
export function findPhotoRequest(db: Db, id: number) {
  return withPhotoStep(db.selectFrom("requests"))
    .select(PHOTO_COLUMNS)
    .where("requests.id", "=", id)
    .executeTakeFirst();
}
export type PhotoRow = NonNullable<Awaited<ReturnType<typeof findPhotoRequest>>>;

/**
 * Sets the photo's status if the request is still at `version` (optimistic concurrency, like the
 * workflow's guarded updates): `rejected` stores the reason, `approved` clears it; either records
 * who and when and bumps the version. False, having written nothing, when the guard fails.
 */
export async function updatePhotoStatusIf(
  db: Db,
  change: { id: number; version: number; status: PhotoStatus; reason: string | null; userId: number; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable("requests")
    .set((eb) => ({
      photo_status: change.status,
      photo_rejection_reason: change.reason,
      photo_reviewed_by: change.userId,
      photo_reviewed_at: change.now,
      version: eb("version", "+", 1),
      updated_at: change.now,
    }))
    .where("id", "=", change.id)
    .where("version", "=", change.version)
    .where("request_status", "<>", "InProcess")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The family's new photo: back to `pending` without a reason or review, version + 1, only while
 * the photo is still rejected and the request at `version`. False when the guard fails.
 */
export async function resetPhotoToPendingIf(
  db: Db,
  change: { id: number; version: number; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable("requests")
    .set((eb) => ({
      photo_status: "pending",
      photo_rejection_reason: null,
      photo_reviewed_by: null,
      photo_reviewed_at: null,
      version: eb("version", "+", 1),
      updated_at: change.now,
    }))
    .where("id", "=", change.id)
    .where("version", "=", change.version)
    .where("photo_status", "=", "rejected")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The studentPhoto step's data, replaced (the step stays as complete as it was). */
export async function writePhotoStep(db: Db, fileId: number, data: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable("enrollment_steps")
    .set({ data, updated_at: now })
    .where("file_id", "=", fileId)
    .where("step", "=", "studentPhoto")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** True while the file's request has its photo rejected: the family may upload a new one. */
export async function photoAwaitsReplacement(db: Db, fileId: number): Promise<boolean> {
  const row = await db
    .selectFrom("requests")
    .select("id")
    .where("file_id", "=", fileId)
    .where("photo_status", "=", "rejected")
    .executeTakeFirst();
  return row !== undefined;
}
