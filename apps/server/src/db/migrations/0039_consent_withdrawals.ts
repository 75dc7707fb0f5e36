import type { AnyDb } from "./schema-helpers.ts";

/*
 * Withdrawing a consent (docs/rules/data-protection.md "Withdrawing a consent"): a withdrawal is
 * one more row of `consents`, the subject and the text version withdrawn, marked `withdrawn = 1`,
 * so one table keeps each subject's history in order: given, withdrawn, given again.
 */

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable("consents")
    .addColumn("withdrawn", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("consents").dropColumn("withdrawn").execute();
}
