import { sql } from "kysely";
import type { AppContext } from "../../context.ts";

/*
 * The ballot box on disk (docs/decisions.md "Elections: the secret ballot", on disk). Publication
 * rewrites the ballots in receipt order (ballot-box.repository.ts `rewriteBallots`); these two
 * steps make that rewrite reach the files an attacker could copy:
 * - SQLite: `secure_delete` zeroes the freed cells of the old rows (otherwise their bytes, in vote
 *   order, stay in the free space of the pages), and a `wal_checkpoint(TRUNCATE)` afterwards moves
 *   the rewrite into the database file and empties `portal.sqlite-wal`, whose frames kept every
 *   vote's commit in order.
 * - PostgreSQL: `vacuum` reclaims the old row versions (dead tuples in vote order, with the vote
 *   transactions' ids), so only the rewritten rows — one transaction id, receipt order — remain.
 */

/** Before the rewrite: from here on, SQLite zeroes what it frees (a per-connection setting). */
export async function beforeBallotRewrite(ctx: AppContext): Promise<void> {
  if (ctx.engine === "sqlite") await sql`pragma secure_delete = on`.execute(ctx.db);
}

/** After the rewrite's commit: the write-ahead log emptied (SQLite), the dead rows vacuumed (PostgreSQL). */
export async function afterBallotRewrite(ctx: AppContext): Promise<void> {
  if (ctx.engine === "sqlite") await sql`pragma wal_checkpoint(truncate)`.execute(ctx.db);
  else await sql`vacuum election_ballots`.execute(ctx.db);
}
