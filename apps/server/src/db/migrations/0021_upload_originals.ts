import type { AnyDb } from "./schema-helpers.ts";

/*
 * Uploaded PDFs are stored rebuilt without active content. When the school asks for it
 * (Settings › Files, off by default) the bytes the family sent are kept too, under their own random
 * name; this column names that file. Null: no original kept (the setting was off, or a photo,
 * whose re-encoded pixels are all the school ever needs).
 */

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable("uploads").addColumn("original_storage_key", "varchar(100)").execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("uploads").dropColumn("original_storage_key").execute();
}
