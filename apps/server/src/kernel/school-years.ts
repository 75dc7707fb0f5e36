import { schoolDay } from "@portal/shared/rules/school-year-windows";
import type { SchoolYear } from "@portal/shared/schemas/responses";
import type { Db } from "../db/database.ts";
import { publicSchoolYear, type SchoolYearRow } from "./school-year-view.ts";

/*
 * The school years as every module reads them (docs/architecture.md "Walls": the kernel is what any
 * module may use). The school-years module alone writes them (school-years.repository.ts).
 */

/** The change payload of every write here (school-year-cache.ts, cache-sync.ts). */
export const SCHOOL_YEARS_CHANGE = "schoolYears";

export const SCHOOL_YEAR_COLUMNS = [
  "id",
  "label",
  "starts_on",
  "ends_on",
  "is_current",
  "enrollment_open",
  "new_opens_on",
  "new_closes_on",
  "new_closed_at",
  "re_opens_on",
  "re_closes_on",
  "re_closed_at",
  "version",
] as const;

/** Current year first, then the most recent ones. */
export async function listSchoolYearRows(db: Db): Promise<SchoolYearRow[]> {
  return db
    .selectFrom("school_years")
    .select(SCHOOL_YEAR_COLUMNS)
    .orderBy("is_current", "desc")
    .orderBy("starts_on", "desc")
    .execute();
}

export async function findSchoolYearRow(db: Db, id: number): Promise<SchoolYearRow | undefined> {
  return db.selectFrom("school_years").select(SCHOOL_YEAR_COLUMNS).where("id", "=", id).executeTakeFirst();
}

/** Every year as everyone may see it, current first (GET /api/school-years). */
export async function listSchoolYears(db: Db, now = new Date()): Promise<SchoolYear[]> {
  const today = schoolDay(now);
  return (await listSchoolYearRows(db)).map((row) => publicSchoolYear(row, today));
}

export async function findSchoolYear(db: Db, id: number, now = new Date()): Promise<SchoolYear | undefined> {
  const row = await findSchoolYearRow(db, id);
  return row ? publicSchoolYear(row, schoolDay(now)) : undefined;
}
