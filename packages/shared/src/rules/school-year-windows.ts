/**
 * The enrollment windows of a school year: one for NEW students, one for
 * RE-enrollments. A window is a pair of inclusive school days (YYYY-MM-DD, America/Guayaquil) and
 * may be closed early by the Admin. The server decides with these functions; the screens show
 * what the server answered.
 */

export const WINDOW_KINDS = ["new", "reenrollment"] as const;
export type WindowKind = (typeof WINDOW_KINDS)[number];

export interface WindowDates {
  opensOn: string | null;
  closesOn: string | null;
  /** When the Admin closed it early (ISO instant), or null. */
  closedAt: string | null;
}

/** Ecuador keeps UTC−5 all year: the school's day needs no time zone database. */
const SCHOOL_UTC_OFFSET_MS = -5 * 3_600_000;

const DAY_MS = 86_400_000;
/** The last day worked out and the instants it spans: the session check asks on every call. */
let known = { day: "", from: 0, until: 0 };

/** The school's calendar day of an instant, YYYY-MM-DD. */
export function schoolDay(now: Date = new Date()): string {
  const time = now.getTime();
  if (time >= known.from && time < known.until) return known.day;
  const local = time + SCHOOL_UTC_OFFSET_MS;
  const from = local - (((local % DAY_MS) + DAY_MS) % DAY_MS) - SCHOOL_UTC_OFFSET_MS;
  known = { day: new Date(local).toISOString().slice(0, 10), from, until: from + DAY_MS };
  return known.day;
}

/** `day` moved by `months` calendar months (the day clamped to the month's end). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/**
 * Open on `today` when not closed early and `opensOn <= today <= closesOn`. A window with no
 * dates at all follows the year's legacy `enrollment_open` switch (years from before the windows).
 */
export function isWindowOpen(window: WindowDates, today: string, legacyOpen: boolean): boolean {
  if (window.closedAt) return false;
  if (!window.opensOn && !window.closesOn) return legacyOpen;
  if (!window.opensOn || !window.closesOn) return false;
  return window.opensOn <= today && today <= window.closesOn;
}

/**
 * How early a window may open: 12 months before the year's first school day (re-enrollment
 * usually runs during the previous year). It may close at the latest on the year's last school day.
 */
export const WINDOW_EARLIEST_MONTHS = 12;

/** The validation key of a window outside its year's sensible range, or null when it fits. */
export function windowRangeProblem(
  window: { opensOn: string | null; closesOn: string | null },
  year: { startsOn: string; endsOn: string },
): { field: "opensOn" | "closesOn"; message: string } | null {
  if (window.opensOn && window.opensOn < addMonths(year.startsOn, -WINDOW_EARLIEST_MONTHS)) {
    return { field: "opensOn", message: "validation.schoolYear.windowTooEarly" };
  }
  if (window.closesOn && window.closesOn > year.endsOn) {
    return { field: "closesOn", message: "validation.schoolYear.windowTooLate" };
  }
  return null;
}
