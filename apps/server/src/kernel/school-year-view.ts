import { LEVEL_CODES } from "@portal/shared/rules/levels";
import { isWindowOpen, type WindowKind } from "@portal/shared/rules/school-year-windows";
import type { SchoolYear } from "@portal/shared/schemas/responses";
import type { EnrollmentWindow, SchoolYearDetail } from "@portal/shared/schemas/school-years";
import type { SchoolYearsTable } from "../db/types.ts";

/** A school year as read from the database (`version` as a number on both engines). */
export type SchoolYearRow = Omit<SchoolYearsTable, "version"> & { version: number };

/** A year's window as stored, and whether it is open on `today` (the school's day). */
export function windowOf(row: SchoolYearRow, kind: WindowKind, today: string): EnrollmentWindow {
  const dates =
    kind === "new"
      ? { opensOn: row.new_opens_on, closesOn: row.new_closes_on, closedAt: row.new_closed_at }
      : { opensOn: row.re_opens_on, closesOn: row.re_closes_on, closedAt: row.re_closed_at };
  return { ...dates, open: isWindowOpen(dates, today, row.enrollment_open === 1) };
}

/** What everyone may read of a year (the login's selector, the session, the welcome screen). */
export function publicSchoolYear(row: SchoolYearRow, today: string): SchoolYear {
  const newEnrollment = windowOf(row, "new", today);
  const reEnrollment = windowOf(row, "reenrollment", today);
  const enrollmentOpen = newEnrollment.open || reEnrollment.open;
  return {
    id: row.id,
    label: row.label,
    isCurrent: row.is_current === 1,
    enrollmentOpen,
    newEnrollment,
    reEnrollment,
    familyMayAct: row.is_current === 1 || enrollmentOpen,
  };
}

/** The stored levels offered (a JSON array of level codes); every level when absent or unreadable. */
export function parseLevelsOffered(value: string | undefined): string[] {
  if (value === undefined) return [...LEVEL_CODES];
  try {
    const parsed: unknown = JSON.parse(value);
    if (!Array.isArray(parsed)) return [...LEVEL_CODES];
    return LEVEL_CODES.filter((code) => parsed.includes(code));
  } catch {
    return [...LEVEL_CODES];
  }
}

export function yearDetail(
  row: SchoolYearRow,
  today: string,
  extra: { fileCount: number; levelsOffered: string[] },
): SchoolYearDetail {
  return {
    id: row.id,
    label: row.label,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    isCurrent: row.is_current === 1,
    version: row.version,
    newEnrollment: windowOf(row, "new", today),
    reEnrollment: windowOf(row, "reenrollment", today),
    fileCount: extra.fileCount,
    levelsOffered: extra.levelsOffered,
  };
}
