import type { TestDataMode } from "@portal/shared/schemas/requests";
import { sql } from "kysely";
import type { Db } from "../../db/database.ts";

/**
 * The staff dashboard's queries: a few GROUP BY aggregates over one school year's
 * requests, each narrowed by the `school_year_id` indexes of migrations 0003–0004, never one query
 * per status or per level.
 */

export interface DashboardFilter {
  schoolYearId: number;
  testData: TestDataMode;
}

type Count = number | string | bigint;

/** `is_test_data` of requests (or students) as the lists read it: exclude, only, or include. */
function testDataValue(mode: TestDataMode): 0 | 1 | null {
  return mode === "exclude" ? 0 : mode === "only" ? 1 : null;
}

/**
 * Requests per status × level × new/re-enrollment, with the photos awaiting review and the
 * latest creation in each group: one aggregate (at most 10 × 17 × 2 rows) that the status cards,
 * the funnel, the kinds, the levels and the photos figure are all summed from.
 */
export async function requestGroups(db: Db, filter: DashboardFilter) {
  const testData = testDataValue(filter.testData);
  let query = db
    .selectFrom("requests")
    .select((eb) => [
      "request_status",
      "level_code",
      "is_new_student",
      eb.fn.countAll<Count>().as("n"),
      sql<Count | null>`sum(case when photo_status = 'pending' then 1 else 0 end)`.as("photos_pending"),
      eb.fn.max("created_at").as("last_created_at"),
    ])
    .where("school_year_id", "=", filter.schoolYearId);
  if (testData !== null) query = query.where("is_test_data", "=", testData);
  const rows = await query.groupBy(["request_status", "level_code", "is_new_student"]).execute();
  return rows.map((row) => ({
    status: row.request_status,
    levelCode: row.level_code,
    isNewStudent: Number(row.is_new_student) === 1,
    count: Number(row.n),
    photosPending: Number(row.photos_pending ?? 0),
    lastCreatedAt: row.last_created_at as string | null,
  }));
}

/**
 * Files started for the year and never sent: drafts without a request (a draft reopened for a
 * correction has one: it is an InProcess request). Test data follows the student's flag, which is
 * the one its request copies.
 */
export async function countNotSentFiles(db: Db, filter: DashboardFilter): Promise<number> {
  const testData = testDataValue(filter.testData);
  let query = db
    .selectFrom("enrollment_files as f")
    .innerJoin("students as s", "s.id", "f.student_id")
    .select((eb) => eb.fn.countAll<Count>().as("n"))
    .where("f.school_year_id", "=", filter.schoolYearId)
    .where("f.status", "=", "draft")
    .where((eb) => eb.not(eb.exists(eb.selectFrom("requests as r").select("r.id").whereRef("r.file_id", "=", "f.id"))));
  if (testData !== null) query = query.where("s.is_test_data", "=", testData);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Requests created between two instants, per UTC hour (`YYYY-MM-DDTHH`, the first 13 characters
 * of the stored ISO time: dialect-neutral `substr`). The service turns hours into the school's
 * days; an hour bucket keeps that exact for any whole-hour time zone.
 */
export async function submissionsPerHour(db: Db, filter: DashboardFilter, fromIso: string, toIso: string) {
  const testData = testDataValue(filter.testData);
  const hour = sql<string>`substr(created_at, 1, 13)`;
  let query = db
    .selectFrom("requests")
    .select((eb) => [hour.as("hour"), eb.fn.countAll<Count>().as("n")])
    .where("school_year_id", "=", filter.schoolYearId)
    .where("created_at", ">=", fromIso)
    .where("created_at", "<", toIso);
  if (testData !== null) query = query.where("is_test_data", "=", testData);
  const rows = await query.groupBy(hour).execute();
  return rows.map((row) => ({ hour: row.hour, count: Number(row.n) }));
}

/**
 * The latest status changes of the year's requests, newest first by the time of the change (the
 * id breaking ties): history rows with who made them and the request's code and student.
 * Internal-review notes change no status and are left out. Not by the id alone: a history written
 * request by request (an import, the demo's seed) would come out grouped by request. The year's
 * rows are sorted (no index on the time): a few per request, a dashboard read now and then.
 */
export function latestChanges(db: Db, filter: DashboardFilter, limit: number) {
  const testData = testDataValue(filter.testData);
  let query = db
    .selectFrom("request_history as h")
    .innerJoin("requests as r", "r.id", "h.request_id")
    .leftJoin("users as u", "u.id", "h.user_id")
    .select([
      "h.id",
      "h.request_id",
      "h.from_status",
      "h.to_status",
      "h.action",
      "h.user_id",
      "h.created_at",
      "r.code",
      "r.student_name",
      "u.names",
      "u.first_surname",
      "u.second_surname",
    ])
    .where("r.school_year_id", "=", filter.schoolYearId)
    .where("h.action", "not in", ["flagInternalReview", "resolveInternalReview"]);
  if (testData !== null) query = query.where("r.is_test_data", "=", testData);
  return query.orderBy("h.created_at", "desc").orderBy("h.id", "desc").limit(limit).execute();
}
