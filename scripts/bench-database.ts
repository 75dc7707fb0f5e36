import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * A throwaway database for one benchmark run: a temp folder for SQLite, or a new PostgreSQL
 * database (created through PG_ADMIN_URL). `env` goes into the app's config; `drop` removes it all.
 */
export async function withDatabase(
  engine: string,
  label: string,
): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-${label}-${engine}-`));
  if (engine === "sqlite") {
    return { env: { DATA_DIR: dataDir }, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `portal_${label.replace(/-/g, "_")}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`) },
    drop: async () => {
      const client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
