import type { Db } from "../db/database.ts";
import { nowIso } from "../db/database.ts";

export async function readSetting(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst();
  return row?.value;
}

/** A row's value and version; version 0 stands for "no row yet" (the defaults apply). */
export async function readVersionedSetting(
  db: Db,
  key: string,
): Promise<{ value: string | undefined; version: number }> {
  const row = await db.selectFrom("settings").select(["value", "version"]).where("key", "=", key).executeTakeFirst();
  return row ? { value: row.value, version: Number(row.version) } : { value: undefined, version: 0 };
}

/** Several rows at once (the page reads every section in one round trip). */
export async function readSettings(db: Db, keys: string[]) {
  if (keys.length === 0) return [];
  return db.selectFrom("settings").select(["key", "value", "version"]).where("key", "in", keys).execute();
}

export async function writeSetting(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto("settings")
    .values({ key, value, updated_at: nowIso() })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet((eb) => ({ value, version: eb("settings.version", "+", 1), updated_at: nowIso() })),
    )
    .execute();
}

/**
 * Writes `value` only if the row is still at `expectedVersion` (0: it must not exist yet) and
 * returns the new version, or undefined when someone saved in between.
 */
export async function writeVersionedSetting(
  db: Db,
  key: string,
  value: string,
  expectedVersion: number,
): Promise<number | undefined> {
  if (expectedVersion === 0) {
    const inserted = await db
      .insertInto("settings")
      .values({ key, value, version: 1, updated_at: nowIso() })
      .onConflict((oc) => oc.column("key").doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1 ? 1 : undefined;
  }
  const updated = await db
    .updateTable("settings")
    .set({ value, version: expectedVersion + 1, updated_at: nowIso() })
    .where("key", "=", key)
    .where("version", "=", expectedVersion)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1 ? expectedVersion + 1 : undefined;
}

/** The school years the per-year sections can be edited for: current first, then the newest. */
export async function listYearsForSettings(db: Db): Promise<{ id: number; label: string; isCurrent: boolean }[]> {
  const rows = await db
    .selectFrom("school_years")
    .select(["id", "label", "is_current"])
    .orderBy("is_current", "desc")
    .orderBy("starts_on", "desc")
    .execute();
  return rows.map((row) => ({ id: row.id, label: row.label, isCurrent: Number(row.is_current) === 1 }));
}
