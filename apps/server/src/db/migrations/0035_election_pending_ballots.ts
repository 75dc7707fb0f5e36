import { sql } from "kysely";
import { isPostgres } from "../database.ts";
import type { AnyDb, AnyTable } from "./schema-helpers.ts";

/*
 * Ballots waiting for their batch (docs/elections.md "The ballot box during the poll"): a vote
 * writes its register line and its ballot SEALED (AES-256-GCM with DATA_ENCRYPTION_KEY,
 * lib/secret-box.ts) here, in one transaction; once enough have gathered (and at the close) they
 * are opened and moved together, shuffled, into election_ballots. A random id, the sealed ballot
 * (receipt, choice, test flag, padded to one length), and nothing else: no time, no serial id, no
 * voter. SQLite: WITHOUT ROWID, stored in the random id's order.
 */

export async function up(db: AnyDb): Promise<void> {
  const table: AnyTable = db.schema
    .createTable("election_pending_ballots")
    .addColumn("election_id", "integer", (col) => col.notNull().references("elections.id"))
    .addColumn("id", "varchar(32)", (col) => col.notNull())
    .addColumn("sealed", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("election_pending_ballots_pk", ["election_id", "id"]);
  await (isPostgres(db) ? table : table.modifyEnd(sql`without rowid`)).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("election_pending_ballots").execute();
}
