import { ADOLESCENT_SELF_ACTING_AGE, DATA_RIGHTS_DEADLINE_DAYS } from "@portal/shared/schemas/data-rights";
import { addDays, schoolDate } from "../dashboard/school-days.ts";

/*
 * The data-rights requests' dates (docs/rules/data-protection.md "Data-rights requests"), in the
 * school's calendar (America/Guayaquil): the deadline is the filing day plus 15 calendar days, the
 * count starting the day after the filing; an adolescent's age is taken on the filing day.
 */

export const schoolToday = (now: Date = new Date()): string => schoolDate(now);

/** The last day to answer (included), for a request filed on `filedOn`. */
export function deadlineFor(filedOn: string): string {
  return addDays(filedOn, DATA_RIGHTS_DEADLINE_DAYS);
}

/** Whole days from `today` to `deadline`: 0 on the last day, negative once it has passed. */
export function daysLeft(deadline: string, today: string): number {
  return Math.round((Date.parse(`${deadline}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** Age in whole years on `day` of a person born on `birthDate` (both YYYY-MM-DD). */
export function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.split("-").map(Number) as [number, number, number];
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** An adolescent may act for themselves from their 15th birthday (a 29 February birthday: 1 March). */
export function mayActAlone(birthDate: string | null, day: string): boolean {
  return birthDate !== null && ageOn(birthDate, day) >= ADOLESCENT_SELF_ACTING_AGE;
}
