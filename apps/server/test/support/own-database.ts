import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";

const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface OwnDatabase {
  engine: "sqlite" | "postgres";
  /** A fresh DATA_DIR, always (SQLite file, e-mail outbox). */
  dataDir: string;
  /** Set on PostgreSQL only. */
  databaseUrl: string | undefined;
  /** Config overrides for `createTestApp(env)` or a spawned server. */
  env: Record<string, string>;
  drop: () => Promise<void>;
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * An empty database of its own, on the run's engine, for a spec that changes global state
 * (maintenance mode, the last Admin) or the schema itself. The app's bootstrap migrates it.
 */
export async function createOwnDatabase(label: string): Promise<OwnDatabase> {
  const engine = inject("engine");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-${label}-`));
  if (engine === "sqlite") {
    return {
      engine,
      dataDir,
      databaseUrl: undefined,
      env: { DATA_DIR: dataDir },
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `portal_${label.replace(/\W/g, "_")}_${randomUUID().slice(0, 8)}`;
  await adminQuery(`create database ${name}`);
  const databaseUrl = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  return {
    engine,
    dataDir,
    databaseUrl,
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    drop: async () => {
      await adminQuery(`drop database if exists ${name} with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
