import { addMonths, schoolDay } from "@portal/shared/rules/school-year-windows";

/**
 * The demo school's calendar, moved to the day it is seeded (docs/rules/operations.md "Upgrades and the demo"). The demo
 * was written for 2025-2026 as the current year; every date in it (the two years, their windows,
 * the students' birth dates, last year's file) moves by the same whole number of years, so ages,
 * levels and windows keep agreeing with one another whatever the day a newcomer first starts it.
 */
const WRITTEN_FOR = 2025;

export interface DemoYear {
  label: string;
  startsOn: string;
  endsOn: string;
}

export interface DemoCalendar {
  /** Whole years between the demo as written and the day it is seeded. */
  shift: number;
  /** Last year (id 10): familia1's returning student was enrolled in it. */
  past: DemoYear;
  /** The current year (id 11), whose two windows are open. */
  current: DemoYear;
  /** The year after, as the Admin's "create the next year" proposes it (not seeded). */
  next: DemoYear;
  /** Both windows of the current year: from a month before the seeding day to its last school day. */
  window: { opensOn: string; closesOn: string };
}

/** `day` (YYYY-MM-DD, or an ISO instant) moved by `years` whole years. */
export function movedBy(day: string, years: number): string {
  return `${Number(day.slice(0, 4)) + years}${day.slice(4)}`;
}

function year(startsOn: string, endsOn: string, shift: number): DemoYear {
  const starts = movedBy(startsOn, shift);
  const ends = movedBy(endsOn, shift);
  return { label: `${starts.slice(0, 4)}-${ends.slice(0, 4)}`, startsOn: starts, endsOn: ends };
}

export function demoCalendar(today: string = schoolDay()): DemoCalendar {
  const calendarYear = Number(today.slice(0, 4));
  // The current year is the one whose last school day (3 July) has not passed yet.
  const start = today > `${calendarYear}-07-03` ? calendarYear : calendarYear - 1;
  const shift = start - WRITTEN_FOR;
  const current = year("2025-09-01", "2026-07-03", shift);
  const earliest = addMonths(current.startsOn, -12);
  const monthAgo = addMonths(today, -1);
  return {
    shift,
    past: year("2024-09-02", "2025-07-04", shift),
    current,
    next: year("2026-09-01", "2027-07-03", shift),
    window: { opensOn: monthAgo < earliest ? earliest : monthAgo, closesOn: current.endsOn },
  };
}
