import { sql } from "kysely";
import type { AppContext } from "../../context.ts";
import { emptySqliteWal, zeroFreedSqliteCells } from "../../db/sqlite-freed-data.ts";

/*
 * The ballot box on disk (docs/elections.md "The ballot box during the poll"). Each batch, and the
 * publication, rewrite the whole box in a new random order (ballot-box.repository.ts
 * `reshuffleBallots`); these two steps make that rewrite reach the files an attacker could copy:
 * - SQLite: `secure_delete` zeroes the freed cells of the old rows and of the moved sealed ballots
 *   (otherwise their bytes, in their old order, stay in the pages' free space), and a
 *   `wal_checkpoint(TRUNCATE)` afterwards moves the rewrite into the database file and empties
 *   `portal.sqlite-wal`, whose frames kept every vote's commit in order.
 * - PostgreSQL: `vacuum full` rewrites the box into a new file (no dead row versions with their
 *   transaction ids, in the old order, left in the pages' free space) and `vacuum` reclaims the
 *   moved sealed ballots (a plain one there: votes write to that table all the time, and `full`
 *   would stop them while it runs).
 */

/** Before the rewrite: from here on, SQLite zeroes what it frees (a per-connection setting). */
export async function beforeBallotRewrite(ctx: AppContext): Promise<void> {
  await zeroFreedSqliteCells(ctx.db, ctx.engine);
}

/** After the rewrite's commit: the write-ahead log emptied (SQLite), the dead rows vacuumed (PostgreSQL). */
export async function afterBallotRewrite(ctx: AppContext): Promise<void> {
  if (ctx.engine === "sqlite") {
    // Busy only while another process reads the file (a backup tool): the next batch tries again.
    if (!(await emptySqliteWal(ctx.db, ctx.engine))) {
      console.warn("elections: the write-ahead log could not be emptied (a reader is busy)");
    }
    return;
  }
  await sql`vacuum full election_ballots`.execute(ctx.db);
  await sql`vacuum election_pending_ballots`.execute(ctx.db);
}
