import { LEVEL_CODES, type LevelCode } from "./levels.ts";

/**
 * Is a birth date plausible for a level? (docs/rules/enrollment.md "Students: identity, birth date and level")
 *
 * The French curriculum groups children by calendar year of birth: at the start of school year
 * Y (September Y), Toute petite section takes the children born in Y−2, Petite section Y−3, CP
 * Y−6, 6e Y−11, Terminale Y−17. A student one year younger than that (a skipped year, or a child
 * from a system with a September cut-off) or up to two years older (a repeated year or two, a
 * child arriving from another country's calendar) is usual; further off, the family is asked to
 * confirm the date (never refused: such students exist) and the staff see it on the request.
 */
export const YEARS_YOUNGER_ALLOWED = 1;
export const YEARS_OLDER_ALLOWED = 2;

/** The year most students of `level` were born in, for the school year starting on `schoolYearStartsOn`. */
export function usualBirthYear(level: LevelCode, schoolYearStartsOn: string): number {
  return Number(schoolYearStartsOn.slice(0, 4)) - (LEVEL_CODES.indexOf(level) + 2);
}

export interface BirthDateCheck {
  /** The year most students of the level were born in. */
  usualBirthYear: number;
  birthYear: number;
  /** Years older (positive) or younger (negative) than the level's usual age. */
  yearsOff: number;
  /** Within the usual range: nothing to ask or show. */
  plausible: boolean;
}

/**
 * The check of a birth date (`YYYY-MM-DD`) against a level in a school year (its start date,
 * `YYYY-MM-DD`); null when one of them is missing or unreadable, which is not a finding.
 */
export function checkBirthDate(opts: {
  birthDate: string | null | undefined;
  level: LevelCode | null | undefined;
  schoolYearStartsOn: string | null | undefined;
}): BirthDateCheck | null {
  const { birthDate, level, schoolYearStartsOn } = opts;
  if (!birthDate || !level || !schoolYearStartsOn) return null;
  const birthYear = Number(birthDate.slice(0, 4));
  const startYear = Number(schoolYearStartsOn.slice(0, 4));
  if (!Number.isInteger(birthYear) || !Number.isInteger(startYear) || birthYear < 1000 || startYear < 1000) return null;
  const usual = usualBirthYear(level, schoolYearStartsOn);
  const yearsOff = usual - birthYear;
  return {
    usualBirthYear: usual,
    birthYear,
    yearsOff,
    plausible: yearsOff >= -YEARS_YOUNGER_ALLOWED && yearsOff <= YEARS_OLDER_ALLOWED,
  };
}
