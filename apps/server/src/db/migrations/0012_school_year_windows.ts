import type { AnyDb } from "./schema-helpers.ts";

/*
 * Settings › School year (modules/school-years/): each year gets two enrollment windows,
 * one for NEW students and one for RE-enrollments, each an inclusive pair of dates (YYYY-MM-DD, the
 * school's day) and a `*_closed_at` timestamp when the Admin closed it early. `enrollment_open`
 * stays: a window with no dates at all follows it (rows written before this migration, or by code
 * that only knows the flag), so nothing that enrolled before stops enrolling. `version` guards the
 * year's edits (two Admins: the second gets 409).
 */

const WINDOW_COLUMNS = [
  ["new_opens_on", "varchar(10)"],
  ["new_closes_on", "varchar(10)"],
  ["new_closed_at", "varchar(30)"],
  ["re_opens_on", "varchar(10)"],
  ["re_closes_on", "varchar(10)"],
  ["re_closed_at", "varchar(30)"],
] as const;

export async function up(db: AnyDb): Promise<void> {
  for (const [name, type] of WINDOW_COLUMNS) {
    await db.schema.alterTable("school_years").addColumn(name, type).execute();
  }
  await db.schema
    .alterTable("school_years")
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("school_years").dropColumn("version").execute();
  for (const [name] of [...WINDOW_COLUMNS].reverse()) {
    await db.schema.alterTable("school_years").dropColumn(name).execute();
  }
}
