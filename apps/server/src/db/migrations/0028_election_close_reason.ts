import type { AnyDb } from "./schema-helpers.ts";

/*
 * Why an election's poll was closed before the minimum announced to the families (four hours
 * after its opening): required then, printed in the minutes (docs/rules/elections.md).
 */

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable("elections").addColumn("closed_early_reason", "text").execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("elections").dropColumn("closed_early_reason").execute();
}
