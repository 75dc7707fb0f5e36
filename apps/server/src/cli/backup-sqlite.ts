import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { BackupError } from "./backup-archive.ts";

export interface DatabaseSnapshot {
  migration: string | null;
  tables: Record<string, number>;
}

export const SQLITE_FILE = "portal.sqlite";
/** The database and the files SQLite keeps beside it (WAL mode, or a rollback journal). */
const SQLITE_FILES = [SQLITE_FILE, `${SQLITE_FILE}-wal`, `${SQLITE_FILE}-shm`, `${SQLITE_FILE}-journal`];

function quoted(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Rows per table and the last applied migration, read from one SQLite file. */
function describe(file: SQLite.Database): DatabaseSnapshot {
  const names = file
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
    .pluck()
    .all() as string[];
  const tables: Record<string, number> = {};
  for (const name of names) {
    tables[name] = file
      .prepare(`select count(*) from ${quoted(name)}`)
      .pluck()
      .get() as number;
  }
  const migration = names.includes("kysely_migration")
    ? ((file.prepare("select max(name) from kysely_migration").pluck().get() as string | null) ?? null)
    : null;
  return { migration, tables };
}

/**
 * Copies the live database with SQLite's online backup API: a consistent snapshot that includes
 * what is still in the WAL (a plain file copy of portal.sqlite misses it), taken while the portal
 * keeps reading and writing. All pages go in one step so a write by the portal cannot make the
 * backup start over; in WAL mode that step does not block the portal's writer.
 */
export async function snapshotSqlite(dataDir: string, dest: string): Promise<DatabaseSnapshot> {
  const source = path.join(dataDir, SQLITE_FILE);
  if (!fs.existsSync(source)) throw new BackupError(`no database at ${source} (is DATA_DIR right?)`);
  const live = new SQLite(source, { fileMustExist: true });
  try {
    live.pragma("busy_timeout = 5000");
    await live.backup(dest, { progress: () => 0x7fffffff });
  } finally {
    live.close();
  }
  const copy = new SQLite(dest, { fileMustExist: true });
  try {
    const check = copy.pragma("quick_check", { simple: true });
    if (check !== "ok") throw new BackupError(`the database copy fails SQLite's quick_check: ${String(check)}`);
    return describe(copy);
  } finally {
    copy.close();
  }
}

/** A data folder already holding a database (any of its files) is not an empty target. */
export function sqliteDatabaseExists(dataDir: string): boolean {
  return SQLITE_FILES.some((name) => fs.existsSync(path.join(dataDir, name)));
}

/**
 * Puts the restored file in place. A leftover WAL or shared-memory file beside it would be
 * replayed into the restored database, so with --force they go first.
 */
export function restoreSqlite(dataDir: string, restoredFile: string, replace: boolean): DatabaseSnapshot {
  if (replace) for (const name of SQLITE_FILES) fs.rmSync(path.join(dataDir, name), { force: true });
  const target = path.join(dataDir, SQLITE_FILE);
  fs.renameSync(restoredFile, target);
  const file = new SQLite(target, { fileMustExist: true });
  try {
    return describe(file);
  } finally {
    file.close();
  }
}
