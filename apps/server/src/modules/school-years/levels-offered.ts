import type { Db } from "../../db/database.ts";
import { readSetting, writeSetting } from "../settings/settings.repository.ts";
import { parseLevelsOffered } from "./school-year-view.ts";

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
