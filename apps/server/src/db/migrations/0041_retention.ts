import { type AnyDb, withId } from "./schema-helpers.ts";

/*
 * Data retention (docs/rules/data-protection.md "Retention periods"): the Admin's periods (one
 * row, guarded by its version), the legal holds, and each purge run with its report.
 * `running_key` is 1 while a run is under way and null after: its unique index keeps one run at a
 * time across server processes on both engines (NULLs never clash). A hold names its family or
 * request by id without a foreign key: releasing it deletes the row, and nothing else points at it.
 */

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("retention_settings")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("months", "text", (col) => col.notNull())
    .addColumn("automatic", "integer", (col) => col.notNull())
    .addColumn("version", "integer", (col) => col.notNull())
    .addColumn("updated_at", "varchar(30)", (col) => col.notNull())
    .addColumn("updated_by", "integer", (col) => col.references("users.id"))
    .execute();
  await withId(db, db.schema.createTable("retention_holds"))
    .addColumn("family_user_id", "integer")
    .addColumn("request_id", "integer")
    .addColumn("reason", "text", (col) => col.notNull())
    .addColumn("created_by", "integer", (col) => col.references("users.id"))
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .execute();
  await withId(db, db.schema.createTable("retention_runs"))
    .addColumn("status", "varchar(16)", (col) => col.notNull())
    .addColumn("trigger", "varchar(16)", (col) => col.notNull())
    .addColumn("started_by", "integer", (col) => col.references("users.id"))
    .addColumn("running_key", "integer", (col) => col.unique())
    .addColumn("done", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("total", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("report", "text")
    .addColumn("started_at", "varchar(30)", (col) => col.notNull())
    .addColumn("heartbeat_at", "varchar(30)", (col) => col.notNull())
    .addColumn("finished_at", "varchar(30)")
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("retention_runs").execute();
  await db.schema.dropTable("retention_holds").execute();
  await db.schema.dropTable("retention_settings").execute();
}
