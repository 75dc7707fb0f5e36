import type { AnyDb } from "./schema-helpers.ts";

/*
 * Settings › General (modules/settings/): each settings row gets a `version` so two
 * Admins saving the same section cannot overwrite each other (the second gets 409), and the time
 * of its last change. Rows written by code that only knows `key` and `value` (the year roll-over
 * copying `year.<id>.*` rows) take version 1; `updated_at` stays empty until an Admin saves.
 */

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable("settings")
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable("settings").addColumn("updated_at", "varchar(30)").execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("settings").dropColumn("updated_at").execute();
  await db.schema.alterTable("settings").dropColumn("version").execute();
}
