import { schoolDay } from "@portal/shared/rules/school-year-windows";
import type { SchoolYear } from "@portal/shared/schemas/responses";
import type { Db } from "../../db/database.ts";
import type { SchoolYearRow } from "../../kernel/school-year-view.ts";
import { publicSchoolYear } from "../../kernel/school-year-view.ts";
import { findSchoolYearRow } from "../../kernel/school-years.ts";

/**
 * The school year every GET /api/session names, kept in memory for CACHE_MS (that read
 * was the largest cost of the session check once the session itself was cached).
 *
 * The row is kept with its public view for the school day it was worked out for: whether a
 * window is open follows the day, so a window opening at midnight needs no write. The view is
 * shared by every caller, who must not change it. Every write to a year goes through
 * school-years.service, which forgets the rows once committed; on PostgreSQL the repository's
 * writes also notify the other processes (SCHOOL_YEARS_CHANGE, cache-sync.ts). The short lifetime
 * bounds how stale a process can be while its listener is down. Decisions that matter (may this
 * family enroll now?) read the database, never this cache.
 */
const CACHE_MS = 5_000;
const MAX_ENTRIES = 1_000;

/** The row as read, and its public view for the school day it was last worked out for. */
type Kept = { db: Db; row: SchoolYearRow; at: number; day: string; view: SchoolYear };
const rows = new Map<number, Kept>();
/** Moves on at every forget: a read that started before a write must not keep what it read. */
let generation = 0;

export function forgetSchoolYears(): void {
  rows.clear();
  generation += 1;
}

/**
 * The year's public view when memory holds it fresh, else undefined (the caller reads it with
 * findSchoolYearCached): the session check answers without a promise when it can.
 */
export function keptSchoolYear(db: Db, id: number, now = new Date()): SchoolYear | undefined {
  const kept = rows.get(id);
  if (!kept || kept.db !== db || now.getTime() - kept.at >= CACHE_MS) return undefined;
  const day = schoolDay(now);
  if (kept.day !== day) {
    // Windows open and close with the school's day: the view is worked out again when it turns.
    kept.day = day;
    kept.view = publicSchoolYear(kept.row, day);
  }
  return kept.view;
}

/** The year as everyone may see it, from memory when it was read less than CACHE_MS ago. */
export async function findSchoolYearCached(db: Db, id: number, now = new Date()): Promise<SchoolYear | undefined> {
  const fresh = keptSchoolYear(db, id, now);
  if (fresh) return fresh;
  const started = generation;
  const row = await findSchoolYearRow(db, id);
  if (!row) return undefined;
  const day = schoolDay(now);
  const kept = { db, row, at: now.getTime(), day, view: publicSchoolYear(row, day) };
  if (started === generation) {
    if (rows.size >= MAX_ENTRIES) rows.clear();
    rows.set(id, kept);
  }
  return kept.view;
}
