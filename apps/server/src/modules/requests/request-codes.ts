import type { RequestCodeMatches } from "@portal/shared/schemas/requests";
import { sql } from "kysely";
import type { Db } from "../../db/database.ts";
import { escapeLike, searchWords } from "./search-text.ts";

/** At most this many requests answer one code search: a code names one request, a part of it a few. */
export const MAX_CODE_MATCHES = 5;

/**
 * Whether a list's search looks like a request code, whole or in part ("INS-10-000123",
 * "000123"): one of its words is at least four characters long and has a digit. Names alone never
 * are, so a name search costs no look-up across years.
 */
export function looksLikeCode(words: readonly string[]): boolean {
  return words.some((word) => word.length >= 4 && /\d/.test(word));
}

/**
 * GET /api/requests/codes: the requests of every school year whose code holds each word of the
 * search (the lists' own rule for codes, requests.repository.ts), newest year first. Test data
 * included: whoever types a code wants that request. A list search finds a code of its own year
 * already; this look-up tells the staff which other year a code they typed belongs to.
 */
export async function findRequestCodes(db: Db, q: string): Promise<RequestCodeMatches> {
  const words = searchWords(q);
  if (!looksLikeCode(words)) return { items: [] };
  let query = db
    .selectFrom("requests")
    .innerJoin("school_years", "school_years.id", "requests.school_year_id")
    .select([
      "requests.id",
      "requests.code",
      "requests.student_name",
      "school_years.id as school_year_id",
      "school_years.label as school_year_label",
    ]);
  for (const word of words) {
    query = query.where(sql<boolean>`lower(requests.code) like ${`%${escapeLike(word)}%`} escape '\\'`);
  }
  const rows = await query
    .orderBy("school_years.starts_on", "desc")
    .orderBy("requests.id", "desc")
    .limit(MAX_CODE_MATCHES)
    .execute();
  return {
    items: rows.map((row) => ({
      id: row.id,
      code: row.code,
      studentName: row.student_name,
      schoolYear: { id: row.school_year_id, label: row.school_year_label },
    })),
  };
}
