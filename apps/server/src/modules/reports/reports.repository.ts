import type { RepresentativeSort, RequestSort, SortOrder } from "@portal/shared/schemas/requests";
import { sql } from "kysely";
import type { Db } from "../../db/database.ts";
import {
  countRepresentatives,
  findRepresentativeKeys,
  findRepresentativesPage,
  findRequestSenders,
  type PageWindow,
  type RequestFilter,
  requestSortExpression,
  requestsWhere,
} from "../requests/requests.repository.ts";
import type { ReportRequestRow } from "./report-columns.ts";

/** The reports' queries: requests by the shared filters, and their files' steps. */

const REQUEST_COLUMNS = [
  "requests.id",
  "requests.code",
  "requests.file_id",
  "requests.student_name",
  "requests.level_code",
  "requests.is_new_student",
  "requests.request_status",
  "requests.created_at",
  "requests.updated_at",
] as const;

/** The sorts of the requests (students and authorized persons reports); `kind` is new first. */
export type ReportRequestSort = RequestSort | "kind";

function sortExpression(sort: ReportRequestSort) {
  return sort === "kind" ? sql.ref("requests.is_new_student") : requestSortExpression(sort);
}

/** One window of the filtered requests; the id breaks ties so windows never overlap. */
export function findReportRequests(
  db: Db,
  filter: RequestFilter,
  sort: { by: ReportRequestSort; order: SortOrder },
  window: PageWindow,
): Promise<ReportRequestRow[]> {
  return requestsWhere(db.selectFrom("requests").select(REQUEST_COLUMNS), filter)
    .orderBy(sortExpression(sort.by), sort.order)
    .orderBy("requests.id", sort.order)
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

/** Every filtered request's id in the report's order: an export reads them once, then batches by id. */
export async function findReportRequestIds(
  db: Db,
  filter: RequestFilter,
  sort: { by: ReportRequestSort; order: SortOrder },
): Promise<number[]> {
  const rows = await requestsWhere(db.selectFrom("requests").select("requests.id"), filter)
    .orderBy(sortExpression(sort.by), sort.order)
    .orderBy("requests.id", sort.order)
    .execute();
  return rows.map((row) => Number(row.id));
}

export function findRequestsByIds(db: Db, ids: readonly number[]): Promise<ReportRequestRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("requests")
    .select(REQUEST_COLUMNS)
    .where("requests.id", "in", [...ids])
    .execute();
}

/** The saved steps of some files: only the ones asked for. */
export function findSteps(db: Db, fileIds: readonly number[], steps: readonly string[]) {
  if (fileIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("enrollment_steps")
    .select(["file_id", "step", "data"])
    .where("file_id", "in", [...fileIds])
    .where("step", "in", [...steps])
    .execute();
}

/** The authorized-persons step of every filtered request (to count its persons). */
export function findAuthorizedPersonSteps(db: Db, filter: RequestFilter) {
  return db
    .selectFrom("enrollment_steps")
    .select("data")
    .where("step", "=", "authorizedPersons")
    .where("file_id", "in", requestsWhere(db.selectFrom("requests").select("requests.file_id"), filter))
    .execute();
}

/** Representatives (1 and 2, a declined second has none), sorted and windowed by the SQL. */
export function findReportRepresentatives(
  db: Db,
  filter: RequestFilter,
  sort: { by: RepresentativeSort; order: SortOrder },
  window: PageWindow,
) {
  return findRepresentativesPage(db, filter, [1, 2], sort, window);
}

export const findReportRepresentativeKeys = (
  db: Db,
  filter: RequestFilter,
  sort: { by: RepresentativeSort; order: SortOrder },
) => findRepresentativeKeys(db, filter, [1, 2], sort);

export const countReportRepresentatives = (db: Db, filter: RequestFilter) => countRepresentatives(db, filter, [1, 2]);

/** The accounts that sent the filtered requests, each once (a message to the report's families). */
export const findReportSenders = (db: Db, filter: RequestFilter) => findRequestSenders(db, filter);
