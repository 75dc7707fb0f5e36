/**
 * The value of a day-and-time field (components/ui/date-time-field.tsx): `YYYY-MM-DDTHH:MM`, the
 * shape `datetime-local` had, so the forms and their conversions are unchanged. While the person
 * types, each part is kept as typed ("T8:" included) and read back the same way.
 */
export function splitDayAndTime(value: string): { day: string; time: string } {
  const at = value.indexOf("T");
  if (at < 0) return { day: value, time: "" };
  return { day: value.slice(0, at), time: value.slice(at + 1) };
}

export function joinDayAndTime(day: string, time: string): string {
  return day === "" && time === "" ? "" : `${day}T${time.trim()}`;
}

const TIME = /^(\d{1,2})[:.hH](\d{2})(?::(\d{2}))?$/;

/**
 * A typed time of day as `HH:MM` or `HH:MM:SS` on a 24-hour clock ("8:05", "08.05" and "8h05" are
 * read as 08:05); null when it is not one.
 */
export function normalTime(typed: string): string | null {
  const match = TIME.exec(typed.trim());
  if (!match) return null;
  const [hours, minutes, seconds] = [Number(match[1]), Number(match[2]), match[3]];
  if (hours > 23 || minutes > 59 || (seconds !== undefined && Number(seconds) > 59)) return null;
  const hhmm = `${String(hours).padStart(2, "0")}:${match[2]}`;
  return seconds === undefined ? hhmm : `${hhmm}:${seconds}`;
}
