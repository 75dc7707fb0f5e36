import type { AnyDb } from "./schema-helpers.ts";
import { withId } from "./schema-helpers.ts";

/*
 * Who may vote and who may stand, per election (docs/elections.md "The electorate", "Candidacies
 * from families"):
 * - elections.electorate_statuses / electorate_levels: JSON arrays of request statuses and level
 *   codes; null statuses = the accepted ones (as before this migration), null levels = every level.
 * - elections.register_frozen_at and election_electorate: the register as it stood when the poll
 *   opened, stored (not recomputed afterwards), one row per voter (account or household).
 * - election_candidacies: a family's candidacy on a list, or its proposal of a new list, and the
 *   Admin's decision with its reason.
 */

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable("elections").addColumn("electorate_statuses", "text").execute();
  await db.schema.alterTable("elections").addColumn("electorate_levels", "text").execute();
  await db.schema.alterTable("elections").addColumn("register_frozen_at", "varchar(30)").execute();
  await db.schema
    .createTable("election_electorate")
    .addColumn("election_id", "integer", (col) => col.notNull().references("elections.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
    .addPrimaryKeyConstraint("election_electorate_pk", ["election_id", "user_id"])
    .execute();
  await withId(db, db.schema.createTable("election_candidacies"))
    .addColumn("election_id", "integer", (col) => col.notNull().references("elections.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
    // An existing list (no foreign key: a list the Admin deletes leaves the candidacy to decline).
    .addColumn("list_id", "integer")
    // Or a new list: its name and organization.
    .addColumn("list_name", "varchar(120)")
    .addColumn("organization_id", "integer", (col) => col.references("election_organizations.id"))
    .addColumn("statement", "text")
    .addColumn("status", "varchar(12)", (col) => col.notNull())
    .addColumn("decision_reason", "text")
    .addColumn("decided_at", "varchar(30)")
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .addColumn("updated_at", "varchar(30)", (col) => col.notNull())
    .addUniqueConstraint("election_candidacies_user_unique", ["election_id", "user_id"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("election_candidacies").execute();
  await db.schema.dropTable("election_electorate").execute();
  await db.schema.alterTable("elections").dropColumn("register_frozen_at").execute();
  await db.schema.alterTable("elections").dropColumn("electorate_levels").execute();
  await db.schema.alterTable("elections").dropColumn("electorate_statuses").execute();
}
