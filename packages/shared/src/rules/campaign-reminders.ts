/**
 * A re-enrollment campaign's reminder schedule (docs/rules/campaigns.md "Reminders"): reminder `d`
 * is due from the school day `deadline − d`, up to the deadline. On any day only the latest due
 * reminder is sent (one a sweep, never a pile of missed ones after a stop), and none whose day is
 * the opening's or earlier: the opening's own e-mail stands for it.
 */

const DAY_MS = 86_400_000;

/** Whole days from `from` to `to` (YYYY-MM-DD both): negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The reminder (its days before the deadline) due on `today`, or null. */
export function dueReminder(
  reminderDays: readonly number[],
  schedule: { deadline: string; openedOn: string },
  today: string,
): number | null {
  const left = daysBetween(today, schedule.deadline);
  if (left < 0) return null;
  const span = daysBetween(schedule.openedOn, schedule.deadline);
  const due = reminderDays.filter((d) => d >= left && d < span);
  return due.length === 0 ? null : Math.min(...due);
}

/** A campaign's state on `today`: before its opening day, open until its deadline included, then closed. */
export function campaignState(dates: { opensOn: string; deadline: string }, today: string) {
  if (today > dates.deadline) return "closed" as const;
  return today < dates.opensOn ? ("scheduled" as const) : ("open" as const);
}
