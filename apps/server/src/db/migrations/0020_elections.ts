import { sql } from "kysely";
import { isPostgres } from "../database.ts";
import { type AnyDb, type AnyTable, withId } from "./schema-helpers.ts";

/*
 * Elections (modules/elections/): parents' representatives elected by secret ballot.
 *
 * - election_positions: what an election fills (titular, substitute, …), named in es/en/fr; the two
 *   the count uses are seeded at every start (seeds/reference-data.ts).
 * - election_organizations: the associations and groups that present lists.
 * - elections: one poll of one school year; status draft → scheduled → (open/closed by the clock or
 *   an early close) → published, or cancelled with a reason. `lot_seed` is drawn the first time the
 *   count is shown (ties by lot replay the same way until published); the result is frozen as JSON
 *   when published, with the registered voters.
 * - election_lists: an organization running in an election (the "organizations-associate" screen).
 * - election_candidates: a list's people in order (the order decides titulars and substitutes).
 * - election_ballots: the ballot box. The choice (a list, or null for blank) and a random receipt
 *   code, and NOTHING else: no voter, no time, no serial id. The random code is the key, and on
 *   SQLite the table is WITHOUT ROWID so rows are stored in code order, not insertion order.
 *   `is_test` keeps the Test role's ballots apart (never counted).
 * - election_register: who voted and when, keyed by (election, person), WITHOUT ROWID on SQLite
 *   likewise; `voted_at` is cleared some days after publication (the counts stay).
 * Secrecy is argued in docs/rules/elections.md "The secret ballot".
 */

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable("election_positions"))
    .addColumn("code", "varchar(30)", (col) => col.notNull().unique())
    .addColumn("name_es", "varchar(120)", (col) => col.notNull())
    .addColumn("name_en", "varchar(120)", (col) => col.notNull())
    .addColumn("name_fr", "varchar(120)", (col) => col.notNull())
    .addColumn("sort_order", "integer", (col) => col.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable("election_organizations"))
    .addColumn("name", "varchar(120)", (col) => col.notNull().unique())
    .addColumn("acronym", "varchar(20)")
    .addColumn("description", "text")
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .addColumn("updated_at", "varchar(30)", (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable("elections"))
    .addColumn("school_year_id", "integer", (col) => col.notNull().references("school_years.id"))
    .addColumn("title_es", "varchar(200)", (col) => col.notNull())
    .addColumn("title_en", "varchar(200)", (col) => col.notNull())
    .addColumn("title_fr", "varchar(200)", (col) => col.notNull())
    .addColumn("body", "varchar(120)", (col) => col.notNull())
    .addColumn("seats", "integer", (col) => col.notNull())
    .addColumn("candidacy_deadline", "varchar(30)", (col) => col.notNull())
    .addColumn("opens_at", "varchar(30)", (col) => col.notNull())
    .addColumn("closes_at", "varchar(30)", (col) => col.notNull())
    .addColumn("status", "varchar(12)", (col) => col.notNull().defaultTo("draft"))
    .addColumn("cancel_reason", "text")
    .addColumn("closed_early_at", "varchar(30)")
    .addColumn("published_at", "varchar(30)")
    .addColumn("lot_seed", "integer")
    .addColumn("result_json", "text")
    .addColumn("register_purged_at", "varchar(30)")
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .addColumn("updated_at", "varchar(30)", (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable("election_lists"))
    .addColumn("election_id", "integer", (col) => col.notNull().references("elections.id").onDelete("cascade"))
    .addColumn("organization_id", "integer", (col) => col.notNull().references("election_organizations.id"))
    .addColumn("name", "varchar(120)", (col) => col.notNull())
    .addColumn("statement", "text")
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .addUniqueConstraint("election_lists_org_unique", ["election_id", "organization_id"])
    .execute();

  await withId(db, db.schema.createTable("election_candidates"))
    .addColumn("list_id", "integer", (col) => col.notNull().references("election_lists.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
    .addColumn("rank", "integer", (col) => col.notNull())
    .addColumn("statement", "text")
    .addColumn("photo_ref", "varchar(200)")
    .addUniqueConstraint("election_candidates_rank_unique", ["list_id", "rank"])
    .addUniqueConstraint("election_candidates_user_unique", ["list_id", "user_id"])
    .execute();

  // No serial id, no time: see the header. SQLite: WITHOUT ROWID, stored in key order.
  const keyOrdered = (table: AnyTable): AnyTable => (isPostgres(db) ? table : table.modifyEnd(sql`without rowid`));
  await keyOrdered(
    db.schema
      .createTable("election_ballots")
      .addColumn("election_id", "integer", (col) => col.notNull().references("elections.id"))
      .addColumn("receipt_code", "varchar(16)", (col) => col.notNull())
      .addColumn("list_id", "integer", (col) => col.references("election_lists.id"))
      .addColumn("is_test", "integer", (col) => col.notNull().defaultTo(0))
      .addPrimaryKeyConstraint("election_ballots_pk", ["election_id", "receipt_code"]),
  ).execute();
  await keyOrdered(
    db.schema
      .createTable("election_register")
      .addColumn("election_id", "integer", (col) => col.notNull().references("elections.id"))
      .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
      .addColumn("voted_at", "varchar(30)")
      .addPrimaryKeyConstraint("election_register_pk", ["election_id", "user_id"]),
  ).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    "election_register",
    "election_ballots",
    "election_candidates",
    "election_lists",
    "elections",
    "election_organizations",
    "election_positions",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
