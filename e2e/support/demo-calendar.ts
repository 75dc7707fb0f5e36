import { demoCalendar } from "../../apps/server/src/demo/demo-calendar.ts";

/**
 * The demo school's years as the e2e server seeded them today: its calendar follows the day of
 * seeding (apps/server/src/demo/demo-calendar.ts), so the specs ask it rather than write a year.
 */
export const DEMO_CALENDAR = demoCalendar();
/** The current year's label, e.g. "2026-2027". */
export const CURRENT_YEAR = DEMO_CALENDAR.current.label;
/** Last year's label (the returning student's). */
export const PAST_YEAR = DEMO_CALENDAR.past.label;
/** The year the Admin's "create the next year" proposes. */
export const NEXT_YEAR = DEMO_CALENDAR.next.label;

/** "2027-07-03" → "03/07/2027", as the date fields show a day. */
export const dayFirst = (day: string) => day.split("-").reverse().join("/");
