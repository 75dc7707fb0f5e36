import type { AnyDb } from "./schema-helpers.ts";

/*
 * A sent file's registration summary and documents to sign are drawn once and stored
 * (DATA_DIR/files, random name), per kind and language. `digest` is the SHA-256 of everything the
 * drawing read (the file's steps, consents, labels, school identity, constants): when any of it
 * changes — a staff correction, a renamed catalogue label — the stored PDF no longer matches and
 * is drawn again. "Generate a new report" draws it again regardless.
 */

const TABLE = "file_documents";

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable(TABLE)
    .addColumn("file_id", "integer", (col) => col.notNull().references("enrollment_files.id").onDelete("cascade"))
    .addColumn("kind", "varchar(10)", (col) => col.notNull())
    .addColumn("language", "varchar(2)", (col) => col.notNull())
    .addColumn("digest", "varchar(64)", (col) => col.notNull())
    .addColumn("storage_key", "varchar(100)", (col) => col.notNull())
    .addColumn("size", "integer", (col) => col.notNull())
    .addColumn("generated_at", "varchar(30)", (col) => col.notNull())
    .addPrimaryKeyConstraint("file_documents_pk", ["file_id", "kind", "language"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable(TABLE).execute();
}
