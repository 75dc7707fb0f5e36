import type { AnyDb } from "./schema-helpers.ts";

/*
 * "My data" (LOPDP art. 17, docs/data-protection.md): a family's archives. The id is random (the
 * download's path), `running_family_id` is the family's id while the archive is being prepared and
 * null after, so its unique index keeps one running archive per family on both engines and across
 * server processes (NULLs never clash). `heartbeat_at` moves with the progress: a running row
 * whose process died stops moving and is then shown as failed.
 */

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("data_exports")
    .addColumn("id", "varchar(32)", (col) => col.primaryKey())
    .addColumn("family_user_id", "integer", (col) => col.notNull().references("users.id"))
    .addColumn("requested_by", "integer", (col) => col.notNull().references("users.id"))
    .addColumn("running_family_id", "integer", (col) => col.unique())
    .addColumn("status", "varchar(16)", (col) => col.notNull())
    .addColumn("language", "varchar(8)", (col) => col.notNull())
    .addColumn("done", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("total", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("storage_key", "varchar(64)")
    .addColumn("size", "integer")
    .addColumn("error_code", "varchar(64)")
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .addColumn("heartbeat_at", "varchar(30)", (col) => col.notNull())
    .addColumn("finished_at", "varchar(30)")
    .addColumn("expires_at", "varchar(30)")
    .execute();
  await db.schema.createIndex("data_exports_family").on("data_exports").column("family_user_id").execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("data_exports").execute();
}
