/**
 * The two legal clocks of a personal-data breach (LOPDP art. 43 and 46; docs/rules/data-protection.md
 * "Breach register"). Both articles count a "término", which in Ecuadorian law is working days
 * (Código Orgánico Administrativo art. 158: Saturdays, Sundays and holidays do not count), from the
 * day after the school learned of the breach. National holidays are not known to the portal, so
 * only weekends are skipped: a due date can only come out earlier than the law's, never later.
 * Days are the school's calendar days, YYYY-MM-DD.
 */

/** Art. 43: the Authority, within five working days of learning of the breach. */
export const AUTHORITY_WORKING_DAYS = 5;
/** Art. 46: the affected data subjects, within three working days, when their rights are at risk. */
export const FAMILIES_WORKING_DAYS = 3;
/** A clock this close (working days left, or past due) is reminded to the Admins. */
export const REMIND_WITHIN_WORKING_DAYS = 1;

const DAY_MS = 86_400_000;
const toMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function isWorkingDay(day: string): boolean {
  const weekday = new Date(toMs(day)).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** The day `count` working days after `day` (the day itself never counts). */
export function addWorkingDays(day: string, count: number): string {
  let ms = toMs(day);
  for (let left = count; left > 0; ) {
    ms += DAY_MS;
    if (isWorkingDay(toDay(ms))) left -= 1;
  }
  return toDay(ms);
}

/**
 * Working days from `today` to `due`: 0 when due today, 1 when due the next working day, negative
 * when late (−1 the first working day after the due date). A weekend day counts as the working day
 * before it, so a clock due on Monday has 1 day left on Friday and on the weekend.
 */
export function workingDaysLeft(today: string, due: string): number {
  if (today === due) return 0;
  const forward = today < due;
  const [from, to] = forward ? [today, due] : [due, today];
  let count = 0;
  for (let ms = toMs(from) + DAY_MS; ms <= toMs(to); ms += DAY_MS) if (isWorkingDay(toDay(ms))) count += 1;
  return forward ? count : -count;
}

export interface BreachClock {
  /** The last day to act on. */
  dueOn: string;
  /** Working days left (negative: late); 0 is the last day. */
  daysLeft: number;
  /** Past the due day and not done. */
  overdue: boolean;
  /** The day it was done (the Authority notified, the families' notice sent), or null while open. */
  doneOn: string | null;
}

/** One clock: due `workingDays` after the day the breach was discovered, done on `doneOn` if done. */
export function breachClock(
  discoveredOn: string,
  workingDays: number,
  today: string,
  doneOn: string | null,
): BreachClock {
  const dueOn = addWorkingDays(discoveredOn, workingDays);
  const daysLeft = workingDaysLeft(doneOn ?? today, dueOn);
  return { dueOn, daysLeft, overdue: doneOn === null && daysLeft < 0, doneOn };
}

/** An open clock that the daily reminder names: due within a working day, or late. */
export function clockNeedsReminder(clock: BreachClock | null): boolean {
  return clock !== null && clock.doneOn === null && clock.daysLeft <= REMIND_WITHIN_WORKING_DAYS;
}
