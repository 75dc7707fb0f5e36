/**
 * Calendar days as the portal shows and reads them. Forms, the shared zod schemas and
 * the server keep ISO days (YYYY-MM-DD); people see and type day/month/year, as on an Ecuadorian
 * cédula or birth certificate, in all three languages — English too: the families and the school
 * office read the same papers, and "05/06/2014" must not mean two days to two readers of one file
 * (docs/rules/screens.md "Dates").
 */
const DAY_FIRST = "DD/MM/YYYY";
/** The day format of each language, as dayjs writes it (Mantine's `valueFormat`). */
const DAY_FORMATS: Record<string, typeof DAY_FIRST> = { es: DAY_FIRST, en: DAY_FIRST, fr: DAY_FIRST };

/** The format a language shows and reads days in (DD/MM/YYYY for es, en and fr). */
export function dayFormatOf(language: string): typeof DAY_FIRST {
  return DAY_FORMATS[language.slice(0, 2)] ?? DAY_FIRST;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Day, month and a four-digit year, separated by "/", "-", "." or spaces ("20/05/2014", "1.5.2014"). */
const TYPED_DAY = /^(\d{1,2})\s*[/.\s-]\s*(\d{1,2})\s*[/.\s-]\s*(\d{4})$/;

const pad = (n: number) => String(n).padStart(2, "0");

/** The ISO day of a year, month (1–12) and day, or null when no such day exists (31/02, 00/05). */
function isoDay(year: number, month: number, day: number): string | null {
  if (year < 1 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 31/02 over into March, and years below 100 into the 1900s: both mean "no such day".
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, "0")}-${pad(month)}-${pad(day)}`;
}

/**
 * What a person typed, as an ISO day: day/month/year with a four-digit year (a two-digit year is
 * not guessed: 14 could be 1914 or 2014 for a grandparent's birth date), or an ISO day pasted as
 * is. Null while the text is not a whole, real day yet.
 */
export function parseTypedDay(text: string, language: string): string | null {
  // Every language reads day first today (dayFormatOf); a month-first one would swap the two here.
  if (dayFormatOf(language) !== DAY_FIRST) return null;
  const trimmed = text.trim();
  const iso = ISO_DAY.exec(trimmed);
  if (iso) return isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const typed = TYPED_DAY.exec(trimmed);
  if (!typed) return null;
  return isoDay(Number(typed[3]), Number(typed[2]), Number(typed[1]));
}

/** An ISO day in the language's format (DD/MM/YYYY); anything else (empty, unreadable) as it is. */
export function formatDay(day: string | null | undefined, language: string): string {
  if (!day) return "";
  const iso = ISO_DAY.exec(day.slice(0, 10));
  if (!iso || day.length !== 10 || dayFormatOf(language) !== DAY_FIRST) return day;
  return `${iso[3]}/${iso[2]}/${iso[1]}`;
}

/** The Intl locale that writes a language's dates day first (English: en-GB's order). */
export function dayFirstLocale(language: string): string {
  return language.startsWith("en") ? "en-GB" : language;
}

const instantFormats = new Map<string, Intl.DateTimeFormat>();
function instantFormat(language: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${language}:${withTime}`;
  let format = instantFormats.get(key);
  if (!format) {
    // Two-digit day and month, four-digit year: 20/05/2014 in the three languages ("short" gives
    // 20/5/14 in Spanish and 5/20/14 in English).
    format = new Intl.DateTimeFormat(dayFirstLocale(language), {
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      ...(withTime ? { hour: "2-digit", minute: "2-digit" } : {}),
    });
    instantFormats.set(key, format);
  }
  return format;
}

/** An instant (ISO timestamp) as DD/MM/YYYY in the browser's time zone; unreadable text as is. */
export function formatInstantDay(iso: string | null | undefined, language: string): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : instantFormat(language, false).format(date);
}

/** An instant as DD/MM/YYYY HH:mm (24-hour in es/fr/en-GB) in the browser's time zone. */
export function formatInstant(iso: string | null | undefined, language: string): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : instantFormat(language, true).format(date);
}
