import { sql } from "kysely";
import type { AnyDb } from "./schema-helpers.ts";

/*
 * Elections by the school's rules (docs/rules/elections.md "Who votes", "Elections: the count"):
 * - elections.vote_unit: "parent" (each legal representative with an account votes, the French
 *   rule, the default) or "family" (one vote per household, for bodies whose rules say so). The
 *   register's person is then the account (parent) or the household's first account (family).
 * - election_candidates.birth_date (YYYY-MM-DD): the legal tie rule gives a seat tied on remainder
 *   and votes to the list whose candidate in line is the oldest; null when unknown.
 * Elections already past their draft keep one vote per family: their register was kept that way
 * and a poll must not change its electorate once announced.
 */

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable("elections")
    .addColumn("vote_unit", "varchar(10)", (col) => col.notNull().defaultTo("parent"))
    .execute();
  await sql`UPDATE elections SET vote_unit = 'family' WHERE status <> 'draft'`.execute(db);
  await db.schema.alterTable("election_candidates").addColumn("birth_date", "varchar(10)").execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("election_candidates").dropColumn("birth_date").execute();
  await db.schema.alterTable("elections").dropColumn("vote_unit").execute();
}
