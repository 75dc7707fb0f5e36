import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import type { Database } from "./types.ts";

export type Engine = "sqlite" | "postgres";
export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  engine: Engine;
  close: () => Promise<void>;
}

/** Opens PostgreSQL when a URL is given, else the embedded SQLite file in `dataDir`. */
export function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  databasePoolMax?: number;
}): DatabaseHandle {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.databasePoolMax ?? 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: "postgres", close: () => db.destroy() };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const file = new SQLite(path.join(opts.dataDir, "portal.sqlite"));
  // WAL lets readers run beside the writer; busy_timeout waits instead of failing on a lock.
  file.pragma("journal_mode = WAL");
  file.pragma("foreign_keys = ON");
  file.pragma("busy_timeout = 5000");
  file.pragma("synchronous = NORMAL");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
  return { db, engine: "sqlite", close: () => db.destroy() };
}

/**
 * A transaction that reads, then writes. SQLite begins it IMMEDIATE: the write lock is taken (or
 * waited for) up front, as a deferred one fails with SQLITE_BUSY_SNAPSHOT when another connection
 * wrote after its first read. On PostgreSQL a plain transaction (lock rows with FOR UPDATE).
 */
export async function writeTransaction<T>(db: Db, engine: Engine, work: (trx: Db) => Promise<T>): Promise<T> {
  if (engine === "postgres") return db.transaction().execute(work);
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await work(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (error) {
      await sql`rollback`.execute(conn);
      throw error;
    }
  });
}

/** Migrations receive a bare Kysely; they ask it which engine they run on. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any> on purpose.
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export function nowIso(): string {
  return new Date().toISOString();
}
