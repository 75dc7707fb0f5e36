import { SUBMISSION_DAYS } from "@portal/shared/dashboard";
import { SCHOOL_TIME_ZONE } from "../enrollment/documents/document-source.ts";

/** Calendar days in the school's time zone, for the submissions-per-day chart. */

const schoolDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: SCHOOL_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The school's calendar day (YYYY-MM-DD) of an instant. */
export function schoolDate(instant: Date): string {
  const parts = Object.fromEntries(schoolDay.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** A calendar day moved by `days` (negative: earlier). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (day ?? 1) + days)).toISOString().slice(0, 10);
}

/**
 * The chart's window: the SUBMISSION_DAYS days ending today (the school's day). A year whose last
 * submission is older than that (a past year) gets the days ending on its last submission instead
 * of an empty chart.
 */
export function submissionWindow(today: string, lastSubmission: string | null): { from: string; to: string } {
  const earliest = addDays(today, -(SUBMISSION_DAYS - 1));
  const to = lastSubmission !== null && lastSubmission < earliest ? lastSubmission : today;
  return { from: addDays(to, -(SUBMISSION_DAYS - 1)), to };
}
