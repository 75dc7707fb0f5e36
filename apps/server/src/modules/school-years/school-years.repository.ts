import { notifyChange } from "../../db/change-notifier.ts";
import type { Db } from "../../db/database.ts";
import type { SchoolYearsTable } from "../../db/types.ts";
import type { SchoolYearRow } from "../../kernel/school-year-view.ts";
import { SCHOOL_YEAR_COLUMNS, SCHOOL_YEARS_CHANGE } from "../../kernel/school-years.ts";

/** The year the next one follows: the latest to start. */
export async function findLatestSchoolYear(db: Db): Promise<SchoolYearRow | undefined> {
  return db
    .selectFrom("school_years")
    .select(SCHOOL_YEAR_COLUMNS)
    .orderBy("starts_on", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

export async function labelTaken(db: Db, label: string): Promise<boolean> {
  const row = await db.selectFrom("school_years").select("id").where("label", "=", label).executeTakeFirst();
  return Boolean(row);
}

/** `school_years.id` has no sequence on PostgreSQL (0001): the next id is taken in the transaction. */
export async function insertSchoolYear(
  db: Db,
  values: { label: string; startsOn: string; endsOn: string },
): Promise<number> {
  const max = await db
    .selectFrom("school_years")
    .select((eb) => eb.fn.max("id").as("max"))
    .executeTakeFirst();
  const id = Number(max?.max ?? 0) + 1;
  await db
    .insertInto("school_years")
    .values({
      id,
      label: values.label,
      starts_on: values.startsOn,
      ends_on: values.endsOn,
      is_current: 0,
      enrollment_open: 0,
    })
    .execute();
  await notifyChange(db, SCHOOL_YEARS_CHANGE);
  return id;
}

/** Writes the changes and bumps the version, only if `version` is still the stored one. */
export async function updateSchoolYearIf(
  db: Db,
  id: number,
  version: number,
  changes: Partial<Omit<SchoolYearsTable, "id" | "version">>,
): Promise<boolean> {
  const result = await db
    .updateTable("school_years")
    .set((eb) => ({ ...changes, version: eb("version", "+", 1) }))
    .where("id", "=", id)
    .where("version", "=", version)
    .executeTakeFirst();
  await notifyChange(db, SCHOOL_YEARS_CHANGE);
  return Number(result.numUpdatedRows) === 1;
}

/** Exactly one current year: every other loses the flag in the same statement's transaction. */
export async function makeCurrent(db: Db, id: number): Promise<void> {
  await db
    .updateTable("school_years")
    .set((eb) => ({ is_current: 0, version: eb("version", "+", 1) }))
    .where("id", "!=", id)
    .where("is_current", "=", 1)
    .execute();
  await db
    .updateTable("school_years")
    .set((eb) => ({ is_current: 1, version: eb("version", "+", 1) }))
    .where("id", "=", id)
    .execute();
  await notifyChange(db, SCHOOL_YEARS_CHANGE);
}

/** Enrollment files of each year (sent requests always have a file). */
export async function fileCounts(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom("enrollment_files")
    .select(["school_year_id", (eb) => eb.fn.countAll<number | string>().as("n")])
    .groupBy("school_year_id")
    .execute();
  return new Map(rows.map((row) => [row.school_year_id, Number(row.n)]));
}

export async function yearHasFiles(db: Db, id: number): Promise<boolean> {
  const file = await db.selectFrom("enrollment_files").select("id").where("school_year_id", "=", id).limit(1);
  const request = await db.selectFrom("requests").select("id").where("school_year_id", "=", id).limit(1);
  return Boolean((await file.executeTakeFirst()) ?? (await request.executeTakeFirst()));
}

export async function sessionIdsOfYear(db: Db, id: number): Promise<string[]> {
  const rows = await db.selectFrom("sessions").select("id").where("school_year_id", "=", id).execute();
  return rows.map((row) => row.id);
}

/**
 * Deletes an empty year and its `year.<id>.*` settings (its sessions are ended first), and its
 * re-enrollment campaign: with no request in the year it covers nobody (docs/rules/campaigns.md).
 */
export async function deleteSchoolYear(db: Db, id: number): Promise<void> {
  await db.deleteFrom("settings").where("key", "like", `year.${id}.%`).execute();
  await db.deleteFrom("reenrollment_campaigns").where("school_year_id", "=", id).execute();
  await db.deleteFrom("school_years").where("id", "=", id).execute();
  await notifyChange(db, SCHOOL_YEARS_CHANGE);
}

/**
 * Copies every `year.<fromId>.*` setting to `year.<toId>.*` (notices, §9 constants, levels
 * offered...). Only `key` and `value`: the copies start with the columns' defaults (version 1).
 */
export async function copyYearSettings(db: Db, fromId: number, toId: number): Promise<string[]> {
  const prefix = `year.${fromId}.`;
  const rows = await db.selectFrom("settings").select(["key", "value"]).where("key", "like", `${prefix}%`).execute();
  const copied: string[] = [];
  for (const row of rows) {
    if (!row.key.startsWith(prefix)) continue;
    const key = `year.${toId}.${row.key.slice(prefix.length)}`;
    await db
      .insertInto("settings")
      .values({ key, value: row.value })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
    copied.push(key);
  }
  return copied;
}
