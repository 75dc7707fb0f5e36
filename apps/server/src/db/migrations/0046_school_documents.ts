import { type AnyDb, withId } from "./schema-helpers.ts";

/*
 * The school's own documents (docs/rules/documents.md "The school's own documents"): per school
 * year, each document (the built-in five and the school's own) with the rule of which requests
 * need it; its versions, a published one frozen (`published_at` set), at most one draft; the
 * year's fees text; and which version each enrollment file's documents were drawn with, so a
 * stored or re-drawn PDF keeps the text it was first given (the pin is written once, never
 * updated). The built-in documents' version 1 (the portal's texts) is written by the module on
 * start and for a year that has none (school-documents/document-seed.ts): the texts live in the
 * catalogues, which a released migration must not depend on.
 */

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable("school_documents"))
    .addColumn("school_year_id", "integer", (col) => col.notNull().references("school_years.id").onDelete("cascade"))
    .addColumn("key", "varchar(40)", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("built_in", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("audience", "varchar(16)", (col) => col.notNull().defaultTo("both"))
    .addColumn("levels", "text")
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .addUniqueConstraint("school_documents_year_key", ["school_year_id", "key"])
    .execute();
  await withId(db, db.schema.createTable("school_document_versions"))
    .addColumn("document_id", "integer", (col) => col.notNull().references("school_documents.id").onDelete("cascade"))
    .addColumn("number", "integer", (col) => col.notNull())
    .addColumn("title_es", "varchar(600)", (col) => col.notNull())
    .addColumn("title_en", "varchar(600)", (col) => col.notNull())
    .addColumn("title_fr", "varchar(600)", (col) => col.notNull())
    .addColumn("body_es", "text", (col) => col.notNull())
    .addColumn("body_en", "text", (col) => col.notNull())
    .addColumn("body_fr", "text", (col) => col.notNull())
    .addColumn("created_by", "integer")
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .addColumn("published_by", "integer")
    .addColumn("published_at", "varchar(30)")
    .addUniqueConstraint("school_document_versions_number", ["document_id", "number"])
    .execute();
  await db.schema
    .createTable("school_document_fees")
    .addColumn("school_year_id", "integer", (col) => col.primaryKey().references("school_years.id").onDelete("cascade"))
    .addColumn("fees_es", "text", (col) => col.notNull())
    .addColumn("fees_en", "text", (col) => col.notNull())
    .addColumn("fees_fr", "text", (col) => col.notNull())
    .addColumn("version", "integer", (col) => col.notNull())
    .addColumn("updated_by", "integer")
    .addColumn("updated_at", "varchar(30)", (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("file_document_versions")
    .addColumn("file_id", "integer", (col) => col.notNull().references("enrollment_files.id").onDelete("cascade"))
    .addColumn("document_id", "integer", (col) => col.notNull().references("school_documents.id").onDelete("cascade"))
    .addColumn("version_id", "integer", (col) => col.notNull().references("school_document_versions.id"))
    .addColumn("pinned_at", "varchar(30)", (col) => col.notNull())
    .addPrimaryKeyConstraint("file_document_versions_pk", ["file_id", "document_id"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("file_document_versions").execute();
  await db.schema.dropTable("school_document_fees").execute();
  await db.schema.dropTable("school_document_versions").execute();
  await db.schema.dropTable("school_documents").execute();
}
