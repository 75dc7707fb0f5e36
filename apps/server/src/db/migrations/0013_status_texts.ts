import type { AnyDb } from "./schema-helpers.ts";

/*
 * Settings › Request statuses (modules/status-texts/): the Admin's own wording of the ten
 * request statuses, per language, and the explanation a family reads on its welcome card. A null
 * text means "the portal's default" (the i18n catalogue), so an untouched status follows the
 * catalogue and a reset simply writes nulls back. `version` guards concurrent saves (a stale one
 * answers 409). `updated_by` has no foreign key, like the outbox's user columns: a log of who
 * last saved it must not block deleting an account.
 *
 * A status has a row once the Admin first saves it: no row reads as version 1 with every text
 * the default (modules/status-texts/status-texts.repository.ts), so this migration adds no rows.
 */

const TABLE = "status_texts";

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable(TABLE)
    .addColumn("status", "varchar(20)", (col) => col.primaryKey())
    .addColumn("label_es", "varchar(200)")
    .addColumn("label_en", "varchar(200)")
    .addColumn("label_fr", "varchar(200)")
    .addColumn("explanation_es", "text")
    .addColumn("explanation_en", "text")
    .addColumn("explanation_fr", "text")
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("updated_at", "varchar(30)")
    .addColumn("updated_by", "integer")
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable(TABLE).execute();
}
