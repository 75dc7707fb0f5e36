import { spawn } from "node:child_process";
import pg from "pg";
import { BackupError } from "./backup-archive.ts";
import type { DatabaseSnapshot } from "./backup-sqlite.ts";

/**
 * libpq's tools get the URL without its password (command lines are visible to every local user)
 * and the password through PGPASSWORD; --no-password makes a missing one fail instead of prompting
 * (cron has no terminal).
 */
function libpqConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  url.password = "";
  return { dbname: url.toString(), env };
}

/** Runs pg_dump or pg_restore; a failure carries the tool's own message. */
function runTool(command: string, args: string[], env: NodeJS.ProcessEnv, envName: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      reject(
        new BackupError(
          error.code === "ENOENT"
            ? `${command} was not found: install the PostgreSQL client tools (the server's major version or newer) or set ${envName} to the program's path`
            : `${command} could not start: ${error.message}`,
        ),
      );
    });
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${command} failed (exit code ${code}):\n${stderr.trim()}`));
    });
  });
}

async function describe(client: pg.Client): Promise<DatabaseSnapshot> {
  const names = (
    await client.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
    )
  ).rows.map((row) => row.name);
  const tables: Record<string, number> = {};
  for (const name of names) {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from public.${client.escapeIdentifier(name)}`,
    );
    tables[name] = Number(rows[0]?.n);
  }
  let migration: string | null = null;
  if (names.includes("kysely_migration")) {
    migration =
      (await client.query<{ name: string | null }>("select max(name) as name from kysely_migration")).rows[0]?.name ??
      null;
  }
  return { migration, tables };
}

async function connect(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`cannot connect to PostgreSQL (DATABASE_URL): ${(error as Error).message}`);
  }
  return client;
}

/**
 * pg_dump in custom format, from a snapshot this function exports and holds open: the row counts
 * and migration name in the manifest are read in that same snapshot, so they describe exactly the
 * dump, while the portal keeps writing.
 */
export async function dumpPostgres(databaseUrl: string, dest: string): Promise<DatabaseSnapshot> {
  const client = await connect(databaseUrl);
  try {
    await client.query("begin transaction isolation level repeatable read read only");
    const snapshotId = (await client.query<{ id: string }>("select pg_export_snapshot() as id")).rows[0]?.id;
    const described = await describe(client);
    const { dbname, env } = libpqConnection(databaseUrl);
    await runTool(
      process.env.PG_DUMP || "pg_dump",
      ["--format=custom", `--snapshot=${snapshotId}`, `--file=${dest}`, "--no-password", `--dbname=${dbname}`],
      env,
      "PG_DUMP",
    );
    await client.query("commit");
    return described;
  } finally {
    await client.end();
  }
}

/** Tables anywhere but the system schemas make the database a non-empty target. */
export async function postgresHasTables(databaseUrl: string): Promise<boolean> {
  const client = await connect(databaseUrl);
  try {
    const { rows } = await client.query<{ n: string }>(
      "select count(*) as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    return Number(rows[0]?.n) > 0;
  } finally {
    await client.end();
  }
}

/** Where --force keeps the current data until the restore has succeeded. */
const ASIDE = "public_before_restore";

async function inOneTransaction(databaseUrl: string, statements: (client: pg.Client) => Promise<string[]>) {
  const client = await connect(databaseUrl);
  try {
    const list = await statements(client);
    await client.query("begin");
    for (const statement of list) await client.query(statement);
    await client.query("commit");
  } finally {
    await client.end();
  }
}

/**
 * Restores the dump into the configured database, in one transaction. With --force the current
 * `public` schema (every table, trigger and function of the portal) is first renamed aside and
 * a new one made with the same owner; it is dropped once the restore succeeded and put back if it
 * failed, so a failed restore never leaves the school without its data. Ownership and grants from
 * the source are not replayed: the objects belong to DATABASE_URL's user, as when the portal migrates.
 */
export async function restorePostgres(
  databaseUrl: string,
  dumpFile: string,
  replace: boolean,
): Promise<DatabaseSnapshot> {
  if (replace) {
    await inOneTransaction(databaseUrl, async (client) => {
      const owner = (
        await client.query<{ owner: string }>(
          "select pg_get_userbyid(nspowner) as owner from pg_namespace where nspname = 'public'",
        )
      ).rows[0]?.owner;
      return [
        `drop schema if exists ${ASIDE} cascade`,
        `alter schema public rename to ${ASIDE}`,
        `create schema public${owner ? ` authorization ${client.escapeIdentifier(owner)}` : ""}`,
        "grant usage on schema public to public",
      ];
    });
  }
  const { dbname, env } = libpqConnection(databaseUrl);
  try {
    await runTool(
      process.env.PG_RESTORE || "pg_restore",
      [
        "--no-owner",
        "--no-acl",
        "--exit-on-error",
        "--single-transaction",
        "--no-password",
        `--dbname=${dbname}`,
        dumpFile,
      ],
      env,
      "PG_RESTORE",
    );
  } catch (error) {
    if (replace) {
      await inOneTransaction(databaseUrl, async () => [
        "drop schema public cascade",
        `alter schema ${ASIDE} rename to public`,
      ]);
    }
    throw error;
  }
  if (replace) await inOneTransaction(databaseUrl, async () => [`drop schema ${ASIDE} cascade`]);
  const client = await connect(databaseUrl);
  try {
    return await describe(client);
  } finally {
    await client.end();
  }
}
