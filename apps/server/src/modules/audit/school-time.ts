/**
 * The school's time zone, America/Guayaquil: UTC−5 all year (Ecuador keeps no daylight saving
 * time), so a day's bounds are fixed offsets and no time zone database is needed.
 */
const SCHOOL_UTC_OFFSET_HOURS = -5;

/** The instant a school day (YYYY-MM-DD) starts, `days` days later, as an ISO string. */
export function schoolDayStart(day: string, days = 0): string {
  const midnightUtc = Date.parse(`${day}T00:00:00.000Z`);
  return new Date(midnightUtc + days * 86_400_000 - SCHOOL_UTC_OFFSET_HOURS * 3_600_000).toISOString();
}

/** An instant as the school's local time, `YYYY-MM-DD HH:MM:SS` (the CSV, for spreadsheets). */
export function schoolLocalTime(iso: string): string {
  const local = new Date(Date.parse(iso) + SCHOOL_UTC_OFFSET_HOURS * 3_600_000).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 19)}`;
}
