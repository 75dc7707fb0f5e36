import { type AnyDb, withId } from "./schema-helpers.ts";

/*
 * Sync with the BUE (modules/sync/; docs/rules/documents.md "Sync with the BUE"). An export
 * writes one `bue_export_batches` row and marks each exported request in `bue_migrations` (one row
 * per request, its primary key: a request is migrated once, so exporting again never repeats it).
 * The BUE's codes are not here: they live in the steps' JSON (studentFile.studentCode,
 * first/secondRepresentative.contactCodeBue), where the spec puts them and the module pages show
 * them. `created_by` / `migrated_by` have no foreign key, like the other "who" columns.
 */

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable("bue_export_batches"))
    .addColumn("school_year_id", "integer", (col) => col.notNull().references("school_years.id").onDelete("cascade"))
    .addColumn("row_count", "integer", (col) => col.notNull())
    .addColumn("created_by", "integer")
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("bue_export_batches_year")
    .on("bue_export_batches")
    .columns(["school_year_id", "id"])
    .execute();
  await db.schema
    .createTable("bue_migrations")
    .addColumn("request_id", "integer", (col) => col.primaryKey().references("requests.id").onDelete("cascade"))
    .addColumn("batch_id", "integer", (col) => col.notNull().references("bue_export_batches.id").onDelete("cascade"))
    .addColumn("migrated_at", "varchar(30)", (col) => col.notNull())
    .addColumn("migrated_by", "integer")
    .execute();
  await db.schema.createIndex("bue_migrations_batch").on("bue_migrations").column("batch_id").execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("bue_migrations").execute();
  await db.schema.dropTable("bue_export_batches").execute();
}
