import { sql } from "kysely";
import type { Db, Engine } from "./database.ts";

/*
 * Deleted data must not stay readable in the SQLite files (the ballot box's rewrite, an erasure):
 * `secure_delete` zeroes the cells SQLite frees from then on (a per-connection setting), and a
 * `wal_checkpoint(TRUNCATE)` after the commit moves the change into the database file and empties
 * `portal.sqlite-wal`, whose frames keep the rows as they were written. PostgreSQL keeps its files
 * outside DATA_DIR; each caller decides its vacuum there.
 */

export async function zeroFreedSqliteCells(db: Db, engine: Engine): Promise<void> {
  if (engine === "sqlite") await sql`pragma secure_delete = on`.execute(db);
}

/** Empties the write-ahead log; false when a reader (a backup tool) kept it busy: try again later. */
export async function emptySqliteWal(db: Db, engine: Engine): Promise<boolean> {
  if (engine !== "sqlite") return true;
  const [row] = (await sql<{ busy: number }>`pragma wal_checkpoint(truncate)`.execute(db)).rows;
  return !row || row.busy === 0;
}
