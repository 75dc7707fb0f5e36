import { type AnyDb, withId } from "./schema-helpers.ts";

/*
 * Signing online (docs/rules/documents.md "Signing online"): per sent request, each document to sign
 * that the year's rules require (one row, created lazily the first time the request's signing state
 * is read), its signers (the representatives on the file and the school), the one-time codes that
 * confirm a signature (only their hash), and the evidence events the final PDF lists. The first
 * signature freezes the text signed (`signed_text`, `text_sha256`); the countersignature leads to the
 * final PDF, stored with stored-files, its SHA-256 and a verification code the public checker reads.
 */

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable("signing_documents"))
    .addColumn("request_id", "integer", (col) => col.notNull().references("requests.id").onDelete("cascade"))
    .addColumn("file_id", "integer", (col) => col.notNull().references("enrollment_files.id").onDelete("cascade"))
    .addColumn("document_id", "integer", (col) => col.notNull().references("school_documents.id"))
    .addColumn("version_id", "integer", (col) => col.notNull().references("school_document_versions.id"))
    .addColumn("language", "varchar(2)", (col) => col.notNull())
    .addColumn("status", "varchar(16)", (col) => col.notNull())
    .addColumn("signed_text", "text")
    .addColumn("text_sha256", "varchar(64)")
    .addColumn("final_storage_key", "varchar(200)")
    .addColumn("final_sha256", "varchar(64)")
    .addColumn("verification_code", "varchar(16)", (col) => col.unique())
    .addColumn("sealed", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("completed_at", "varchar(30)")
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .addUniqueConstraint("signing_documents_request_document", ["request_id", "document_id"])
    .execute();
  await db.schema
    .createIndex("signing_documents_final_sha256")
    .on("signing_documents")
    .column("final_sha256")
    .execute();
  await db.schema.createIndex("signing_documents_file").on("signing_documents").column("file_id").execute();
  await db.schema.createIndex("signing_documents_status").on("signing_documents").column("status").execute();

  await withId(db, db.schema.createTable("signing_signers"))
    .addColumn("signing_document_id", "integer", (col) =>
      col.notNull().references("signing_documents.id").onDelete("cascade"),
    )
    .addColumn("role", "varchar(20)", (col) => col.notNull())
    .addColumn("name", "varchar(300)", (col) => col.notNull())
    .addColumn("identification", "varchar(40)")
    .addColumn("email", "varchar(320)")
    .addColumn("user_id", "integer")
    .addColumn("link_token_hash", "varchar(64)", (col) => col.unique())
    .addColumn("link_expires_at", "varchar(30)")
    .addColumn("link_sent_at", "varchar(30)")
    .addColumn("signed_at", "varchar(30)")
    .addColumn("typed_name", "varchar(300)")
    .addColumn("ip", "varchar(64)")
    .addColumn("user_agent", "varchar(400)")
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .addUniqueConstraint("signing_signers_document_role", ["signing_document_id", "role"])
    .execute();

  await withId(db, db.schema.createTable("signing_codes"))
    .addColumn("signer_id", "integer", (col) => col.notNull().references("signing_signers.id").onDelete("cascade"))
    .addColumn("code_hash", "varchar(64)", (col) => col.notNull())
    .addColumn("expires_at", "varchar(30)", (col) => col.notNull())
    .addColumn("tries", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("used_at", "varchar(30)")
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("signing_codes_signer").on("signing_codes").column("signer_id").execute();

  await withId(db, db.schema.createTable("signing_events"))
    .addColumn("signing_document_id", "integer", (col) =>
      col.notNull().references("signing_documents.id").onDelete("cascade"),
    )
    .addColumn("signer_id", "integer", (col) => col.references("signing_signers.id").onDelete("set null"))
    .addColumn("kind", "varchar(24)", (col) => col.notNull())
    .addColumn("at", "varchar(30)", (col) => col.notNull())
    .addColumn("ip", "varchar(64)")
    .addColumn("user_agent", "varchar(400)")
    .addColumn("user_id", "integer")
    .addColumn("detail", "text")
    .execute();
  await db.schema.createIndex("signing_events_document").on("signing_events").column("signing_document_id").execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("signing_events").execute();
  await db.schema.dropTable("signing_codes").execute();
  await db.schema.dropTable("signing_signers").execute();
  await db.schema.dropTable("signing_documents").execute();
}
