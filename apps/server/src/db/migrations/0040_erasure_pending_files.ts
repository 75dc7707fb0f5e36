import type { AnyDb } from "./schema-helpers.ts";

/*
 * Erasure (docs/rules/data-protection.md "Erasure"): the files an erasure removes after its
 * transaction. Each is written here in the same transaction that deletes its rows, so a crash or a
 * disk error after the commit leaves a line to retry, never a row pointing to a missing file nor a
 * forgotten file. `path` is relative to DATA_DIR and holds only the file's random name; `erasure_ref`
 * is the erasure's opaque reference (the one in its audit row).
 */

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("erasure_pending_files")
    .addColumn("path", "varchar(200)", (col) => col.primaryKey())
    .addColumn("erasure_ref", "varchar(32)", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("last_error", "varchar(64)")
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("erasure_pending_files").execute();
}
