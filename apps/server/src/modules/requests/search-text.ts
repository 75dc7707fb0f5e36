/**
 * Search over the staff's lists: names and document numbers are compared in lower
 * case, without accents, and with punctuation as spaces, so "PÉREZ", "perez" and "Pérez" find the
 * same person, and "jean pierre" finds "Jean-Pierre". The same function writes `search_text` and
 * reads the query, so both sides always agree.
 */
export function normaliseForSearch(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .replace(/ß/g, "ss")
    .replace(/ø/g, "o")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * Segment markers of `search_text`: `<student> | <representative 1> # <representative 2>`. Neither
 * a letter nor a digit, so no searched word (letters and digits only) ever matches one.
 */
export const FIRST_REPRESENTATIVE_MARK = "|";
export const SECOND_REPRESENTATIVE_MARK = "#";

export function searchText(parts: { student: string; first: string; second: string }): string {
  return [
    normaliseForSearch(parts.student),
    FIRST_REPRESENTATIVE_MARK,
    normaliseForSearch(parts.first),
    SECOND_REPRESENTATIVE_MARK,
    normaliseForSearch(parts.second),
  ].join(" ");
}

/** At most this many words of a query are used (each must match). */
export const MAX_SEARCH_WORDS = 8;

/** The words of a query, normalised; empty when nothing searchable is left. */
export function searchWords(query: string | undefined): string[] {
  if (!query) return [];
  const words = normaliseForSearch(query).split(" ").filter(Boolean);
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

/** Escapes LIKE's wildcards and the escape character itself (used with `escape '\'`). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}
