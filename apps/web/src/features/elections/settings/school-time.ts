import { normalTime, splitDayAndTime } from "../../../lib/date-time.ts";

/**
 * The election form's day-and-time fields (components/ui/date-time-field.tsx) read and write the school's local
 * time, America/Guayaquil: UTC−5 all year (Ecuador keeps no daylight saving time), so the
 * conversion is a fixed offset, whatever the Admin's computer is set to. The API speaks UTC.
 */
const SCHOOL_UTC_OFFSET_MS = -5 * 3_600_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** An instant as the input's value, `YYYY-MM-DDTHH:MM` in school time ("" for none). */
export function toSchoolInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return "";
  return new Date(ms + SCHOOL_UTC_OFFSET_MS).toISOString().slice(0, 16);
}

/** The input's value back to a UTC instant; anything unreadable stays as typed for the schema to refuse. */
export function fromSchoolInput(value: string): string {
  const { day, time } = splitDayAndTime(value.trim());
  const hhmm = normalTime(time);
  if (!DAY.test(day) || !hhmm) return value;
  const ms = Date.parse(`${day}T${hhmm.length === 5 ? `${hhmm}:00` : hhmm}.000Z`);
  if (Number.isNaN(ms)) return value;
  return new Date(ms - SCHOOL_UTC_OFFSET_MS).toISOString();
}

/** A proposal for a new election: the poll opens in two weeks at 08:00 and lasts ten hours. */
export function proposedWindow(now: Date): { candidacyDeadline: string; opensAt: string; closesAt: string } {
  const day = toSchoolInput(new Date(now.getTime() + 14 * 86_400_000).toISOString()).slice(0, 10);
  const deadline = toSchoolInput(new Date(now.getTime() + 7 * 86_400_000).toISOString()).slice(0, 10);
  return { candidacyDeadline: `${deadline}T18:00`, opensAt: `${day}T08:00`, closesAt: `${day}T18:00` };
}
