import type { AnyDb } from "./schema-helpers.ts";

/*
 * Settings › Catalogues (modules/catalogs/): the Admin adds, renames, reorders, disables
 * and deletes entries. `disabled` (0/1) hides an entry from new choices while records that hold
 * it still show its label; `version` guards renames and reorders (two Admins: the second gets
 * 409); `deleted_at` marks a deleted entry, kept as a row so that the reference seed, which runs
 * at every start and inserts missing codes, does not bring a deleted entry back.
 */

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable("catalog_items")
    .addColumn("disabled", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("catalog_items")
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable("catalog_items").addColumn("deleted_at", "varchar(30)").execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const name of ["deleted_at", "version", "disabled"]) {
    await db.schema.alterTable("catalog_items").dropColumn(name).execute();
  }
}
