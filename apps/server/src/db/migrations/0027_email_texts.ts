import type { AnyDb } from "./schema-helpers.ts";

/*
 * Settings › E-mail texts (modules/email-texts/): the Admin's own subject and body of one e-mail
 * in one language, with `{{field}}` placeholders (packages/shared/src/email-texts.ts). A null
 * subject and body mean "the portal's text" (the `email` catalogue), so a reset writes nulls back
 * and keeps the row's version moving. `version` guards concurrent saves (a stale one answers
 * 409); `updated_by` has no foreign key, like status_texts'. No row reads as version 1 with the
 * portal's text, so this migration adds no rows.
 */

const TABLE = "email_texts";

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable(TABLE)
    .addColumn("template", "varchar(40)", (col) => col.notNull())
    .addColumn("language", "varchar(2)", (col) => col.notNull())
    .addColumn("subject", "varchar(400)")
    .addColumn("body", "text")
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("updated_at", "varchar(30)")
    .addColumn("updated_by", "integer")
    .addPrimaryKeyConstraint("email_texts_pk", ["template", "language"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable(TABLE).execute();
}
