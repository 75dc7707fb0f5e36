import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { type Driver, Kysely, PostgresAdapter, PostgresDialect, type SqliteDatabase, SqliteDialect, sql } from "kysely";
import pg from "pg";
import type { Database } from "./types.ts";

export type Engine = "sqlite" | "postgres";
export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  engine: Engine;
  close: () => Promise<void>;
}

/**
 * At most this many distinct statements are kept prepared (per SQLite file, per PostgreSQL
 * connection); the app has a few hundred, so the bound only guards against unbounded growth.
 */
const PREPARED_STATEMENTS_MAX = 500;

/**
 * A pg client that prepares each parameterized statement once per connection (a named statement)
 * instead of having PostgreSQL parse and plan it again on every execution: on the step-save
 * benchmark that is 60 % of the database's CPU time. Statements without parameters (DDL, begin,
 * commit) run as before. Needs a direct connection or a pooler that keeps prepared statements.
 */
class PreparingClient extends pg.Client {
  /**
   * Statement text → name, shared by all connections: only the name is shared. Whether a name is
   * prepared is pg's own per-connection record, so a connection opened after a cut prepares it again.
   */
  static readonly names = new Map<string, string>();

  // biome-ignore lint/suspicious/noExplicitAny: pg.Client's constructor takes its config as is.
  constructor(config?: any) {
    super(config);
    // A connection cut while checked out (pg_terminate_backend, a restart) emits 'error', and the
    // pool listens only while the client is idle: unheard, the event would end the process. The
    // query in flight fails by itself (the request answers 503), and the pool drops the client on
    // release because it is no longer queryable.
    this.on("error", () => {});
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads; Kysely calls query(text, values).
  override query(config: any, values?: any, callback?: any): any {
    if (typeof config === "string" && Array.isArray(values) && values.length > 0 && callback === undefined) {
      let name = PreparingClient.names.get(config);
      if (name === undefined && PreparingClient.names.size < PREPARED_STATEMENTS_MAX) {
        name = `portal_${createHash("sha256").update(config).digest("hex").slice(0, 40)}`;
        PreparingClient.names.set(config, name);
      }
      if (name !== undefined) return this.endingOnFatal(super.query({ text: config, values, name }));
    }
    const result: unknown = super.query(config, values, callback);
    return result instanceof Promise ? this.endingOnFatal(result) : result;
  }

  /**
   * A FATAL error (pg_terminate_backend, a server shutting down) can reach the query in flight
   * before the socket's end: the client still looks queryable, the pool would take it back on
   * release and hand it to the next request, which would fail too. Ending it here makes the pool
   * drop it; the error still reaches the caller first, since Kysely awaits this promise.
   */
  private endingOnFatal(result: Promise<unknown>): Promise<unknown> {
    return result.catch((error: unknown) => {
      const severity = (error as { severity?: string } | null)?.severity;
      if (severity === "FATAL" || severity === "PANIC") this.end().catch(() => {});
      throw error;
    });
  }
}

/**
 * Kysely prepares every SQLite statement anew (a fifth of the server's time on the step-save
 * benchmark): keep them, as better-sqlite3 allows. A statement still being iterated (a stream) is
 * not shared; SQLite itself re-prepares a kept statement when the schema changes.
 */
function withStatementCache(file: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => file.close(),
    prepare: (text) => {
      const kept = statements.get(text);
      if (kept && !kept.busy) return kept;
      const statement = file.prepare(text);
      if (!kept && statements.size < PREPARED_STATEMENTS_MAX) statements.set(text, statement);
      return statement;
    },
  };
}

/**
 * Kysely's `transaction()` on SQLite, keeping the failure's cause: SQLite ends a transaction
 * itself on a full disk or an I/O error, and the ROLLBACK that follows ("no transaction is
 * active") would replace SQLITE_FULL (503, db/unavailable.ts) with an error answering 500.
 * writeTransaction does the same for its own BEGIN IMMEDIATE.
 */
class SqliteKeepingCause extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.rollbackTransaction = (connection) => rollback(connection).catch(ignoreEndedTransaction);
    return driver;
  }
}

/**
 * A ROLLBACK's failure that only says SQLite had already ended the transaction is dropped; any
 * other (a connection lost, a transaction left open) is thrown as it came.
 */
function ignoreEndedTransaction(error: unknown): void {
  if (error instanceof Error && /no transaction is active/.test(error.message)) return;
  throw error;
}

/** Opens PostgreSQL when a URL is given, else the embedded SQLite file in `dataDir`. */
export function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  databasePoolMax?: number;
}): DatabaseHandle {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.databasePoolMax ?? 10,
      Client: PreparingClient,
      // Without a limit a connect to an unreachable server, or a wait for a busy pool, hangs the
      // request; past it the request answers 503 DATABASE_UNAVAILABLE.
      connectionTimeoutMillis: 5_000,
    });
    // An idle connection the server ends (restart, administrator) is dropped by the pool, which
    // opens another when needed; without a listener its error would crash the process.
    pool.on("error", (error) => console.warn(`PostgreSQL ended an idle connection: ${error.message}`));
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
  // What a delete or an update frees is zeroed, so an erased child's or an old row's bytes do not
  // stay readable in the file's free space (docs/rules/data-protection.md "Erasure").
  file.pragma("secure_delete = ON");
  const db = new Kysely<Database>({ dialect: new SqliteKeepingCause({ database: withStatementCache(file) }) });
  return { db, engine: "sqlite", close: () => db.destroy() };
}

/**
 * A transaction that reads, then writes. SQLite begins it IMMEDIATE: the write lock is taken (or
 * waited for) up front, as a deferred one fails with SQLITE_BUSY_SNAPSHOT when another connection
 * wrote after its first read. On PostgreSQL a plain transaction (lock rows with FOR UPDATE).
 */
export async function writeTransaction<T>(db: Db, engine: Engine, work: (trx: Db) => Promise<T>): Promise<T> {
  if (engine === "postgres") {
    const result = await db.transaction().execute(work);
    committedTransactions++;
    return result;
  }
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await work(conn);
      await sql`commit`.execute(conn);
      committedTransactions++;
      return result;
    } catch (error) {
      // SQLite ends the transaction itself on a full disk or an I/O error (at COMMIT, or a statement
      // without a statement journal): its ROLLBACK then fails with "no transaction is active". The
      // cause is what the caller must see (SQLITE_FULL answers 503, db/unavailable.ts), and either
      // way nothing of the transaction was written.
      await sql`rollback`.execute(conn).catch(ignoreEndedTransaction);
      throw error;
    }
  });
}

let committedTransactions = 0;

/**
 * How many write transactions this process has committed: a cache that must see this process's
 * own writes at once compares it with the count when it read (the staff lists' version).
 */
export function committedTransactionCount(): number {
  return committedTransactions;
}

/** Migrations receive a bare Kysely; they ask it which engine they run on. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any> on purpose.
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export function nowIso(): string {
  return new Date().toISOString();
}
