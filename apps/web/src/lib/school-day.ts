/** A school day (YYYY-MM-DD) in the interface language, e.g. "1 de septiembre de 2026". */
export function formatSchoolDay(day: string, language: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  // The day is a calendar date, not an instant: formatted in UTC so no time zone shifts it.
  return new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(date);
}
