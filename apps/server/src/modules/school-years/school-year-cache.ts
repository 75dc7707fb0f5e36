import { schoolDay } from "@portal/shared/rules/school-year-windows";
import type { SchoolYear } from "@portal/shared/schemas/responses";
import type { Db } from "../../db/database.ts";
import { publicSchoolYear } from "./school-year-view.ts";
import { findSchoolYearRow, type SchoolYearRow } from "./school-years.repository.ts";

/**
 * The school year every GET /api/session names, kept in memory for CACHE_MS (issue #13: that read
 * was the largest cost of the session check once the session itself was cached).
 *
 * Only the row is kept: whether a window is open is worked out from it at each call, so a window
 * opening at midnight needs no write. Every write to a year goes through school-years.service,
 * which forgets the rows once committed; on PostgreSQL the repository's writes also notify the
 * other processes (SCHOOL_YEARS_CHANGE, cache-sync.ts). The short lifetime bounds how stale a process
 * can be while its listener is down. Decisions that matter (may this family enroll now?) read
 * the database, never this cache.
 */
const CACHE_MS = 5_000;
const MAX_ENTRIES = 1_000;

const rows = new Map<number, { db: Db; row: SchoolYearRow; at: number }>();
/** Moves on at every forget: a read that started before a write must not keep what it read. */
let generation = 0;

export function forgetSchoolYears(): void {
  rows.clear();
  generation += 1;
}

/** The year as everyone may see it, from memory when it was read less than CACHE_MS ago. */
export async function findSchoolYearCached(db: Db, id: number, now = new Date()): Promise<SchoolYear | undefined> {
  const kept = rows.get(id);
  let row = kept && kept.db === db && now.getTime() - kept.at < CACHE_MS ? kept.row : undefined;
  if (!row) {
    const started = generation;
    row = await findSchoolYearRow(db, id);
    if (!row) return undefined;
    if (started === generation) {
      if (rows.size >= MAX_ENTRIES) rows.clear();
      rows.set(id, { db, row, at: now.getTime() });
    }
  }
  return publicSchoolYear(row, schoolDay(now));
}
