import type { AnyDb } from "./schema-helpers.ts";

/*
 * The school's certificate (docs/rules/documents.md "Seal"): the PKCS#12 file that seals the signed
 * PDFs and its password, both sealed with the data key (lib/secret-box.ts) as the TOTP keys are,
 * and what the Settings panel shows of it. One row at most: its `slot` is always 1, so a second
 * upload replaces the row, and two Admins uploading at once leave one certificate.
 */

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("school_certificates")
    .addColumn("slot", "integer", (col) => col.primaryKey())
    .addColumn("pkcs12_sealed", "text", (col) => col.notNull())
    .addColumn("password_sealed", "text", (col) => col.notNull())
    .addColumn("subject", "varchar(1000)", (col) => col.notNull())
    .addColumn("issuer", "varchar(1000)", (col) => col.notNull())
    .addColumn("serial", "varchar(100)", (col) => col.notNull())
    .addColumn("valid_from", "varchar(30)", (col) => col.notNull())
    .addColumn("valid_to", "varchar(30)", (col) => col.notNull())
    .addColumn("uploaded_by", "integer", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("uploaded_at", "varchar(30)", (col) => col.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("school_certificates").execute();
}
