/** The French-curriculum levels in order (codes of the `levels` catalogue). */
export const LEVEL_CODES = [
  "TPS",
  "PS",
  "MS",
  "GS",
  "CP",
  "CE1",
  "CE2",
  "CM1",
  "CM2",
  "6E",
  "5E",
  "4E",
  "3E",
  "2NDE",
  "1RE",
  "TLE",
] as const;
export type LevelCode = (typeof LEVEL_CODES)[number];

export function isLevelCode(value: unknown): value is LevelCode {
  return typeof value === "string" && (LEVEL_CODES as readonly string[]).includes(value);
}

/** The level after `current`, or null after Terminale. */
export function nextLevel(current: LevelCode): LevelCode | null {
  return LEVEL_CODES[LEVEL_CODES.indexOf(current) + 1] ?? null;
}

/**
 * Levels a family may request (spec 5): a first enrollment any level; a re-enrollment only the
 * level after the student's current one (none after Terminale). `offered`: the levels the school
 * year offers (Settings › School year); absent means every level.
 */
export function requestableLevels(opts: {
  isNewStudent: boolean;
  currentLevel?: LevelCode | null;
  offered?: readonly string[] | null;
}): LevelCode[] {
  const next = opts.currentLevel ? nextLevel(opts.currentLevel) : null;
  const levels: LevelCode[] = opts.isNewStudent || !opts.currentLevel ? [...LEVEL_CODES] : next ? [next] : [];
  const offered = opts.offered;
  return offered ? levels.filter((level) => offered.includes(level)) : levels;
}

/** Lycée years (Seconde, Première, Terminale): exit alone, midday break and free periods. */
export const UPPER_YEAR_LEVELS: readonly LevelCode[] = ["2NDE", "1RE", "TLE"];

export function canExitAlone(level: LevelCode): boolean {
  return UPPER_YEAR_LEVELS.includes(level);
}

/** Spec 9: school-day exit and the midday break of the upper years. */
export const SCHOOL_DAY_EXIT = "16:00";
export const MIDDAY_BREAK = { from: "11:45", to: "12:45" } as const;
