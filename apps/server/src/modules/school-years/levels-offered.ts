import type { Db } from "../../db/database.ts";
import { parseLevelsOffered } from "../../kernel/school-year-view.ts";
import { readSetting, writeSetting } from "../../kernel/settings-store.ts";

/**
 * The levels a year offers, stored as the setting `year.<id>.levelsOffered` (a JSON array of
 * `levels` catalogue codes) so the year roll-over copies it with the year's other settings.
 * Absent means every level.
 */
export const levelsOfferedKey = (schoolYearId: number) => `year.${schoolYearId}.levelsOffered`;

export async function readLevelsOffered(db: Db, schoolYearId: number): Promise<string[]> {
  return parseLevelsOffered(await readSetting(db, levelsOfferedKey(schoolYearId)));
}

export async function writeLevelsOffered(db: Db, schoolYearId: number, levels: readonly string[]): Promise<void> {
  await writeSetting(db, levelsOfferedKey(schoolYearId), JSON.stringify(levels));
}
