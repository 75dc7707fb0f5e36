import { type AnyDb, withId } from "./schema-helpers.ts";

/*
 * Settings › Files (modules/file-settings/).
 *
 * `upload_limits`: one row per document kind the wizard asks for whose limits an Admin saved
 * (maximum size in bytes, accepted types as "pdf" or "jpeg,png"); a kind without a row keeps the
 * spec's defaults from packages/shared/src/upload-kinds.ts. `version` guards concurrent saves.
 *
 * `file_templates`: the school's own downloadable papers (exit authorization to notarise,
 * regulations…), each tied to one wizard step, titled in es/en/fr; `file_template_files` holds one
 * PDF per template and language, stored under DATA_DIR/files like the families' uploads.
 */

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("upload_limits")
    .addColumn("kind", "varchar(40)", (col) => col.primaryKey())
    .addColumn("max_bytes", "integer", (col) => col.notNull())
    .addColumn("types", "varchar(40)", (col) => col.notNull())
    .addColumn("version", "integer", (col) => col.notNull())
    .addColumn("updated_at", "varchar(30)", (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable("file_templates"))
    .addColumn("step", "varchar(40)", (col) => col.notNull())
    .addColumn("title_es", "varchar(500)", (col) => col.notNull())
    .addColumn("title_en", "varchar(500)", (col) => col.notNull())
    .addColumn("title_fr", "varchar(500)", (col) => col.notNull())
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .addColumn("updated_at", "varchar(30)", (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable("file_template_files"))
    .addColumn("template_id", "integer", (col) => col.notNull().references("file_templates.id").onDelete("cascade"))
    .addColumn("language", "varchar(5)", (col) => col.notNull())
    .addColumn("original_name", "varchar(200)", (col) => col.notNull())
    .addColumn("size", "integer", (col) => col.notNull())
    .addColumn("sha256", "varchar(64)", (col) => col.notNull())
    /** Name of the stored file under DATA_DIR/files (random, never the uploaded name). */
    .addColumn("storage_key", "varchar(100)", (col) => col.notNull())
    .addColumn("uploaded_by", "integer")
    .addColumn("uploaded_at", "varchar(30)", (col) => col.notNull())
    .addUniqueConstraint("file_template_files_template_language", ["template_id", "language"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("file_template_files").execute();
  await db.schema.dropTable("file_templates").execute();
  await db.schema.dropTable("upload_limits").execute();
}
