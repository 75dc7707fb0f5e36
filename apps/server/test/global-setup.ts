import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/database.ts";
import { migrateToLatest } from "../src/db/migrate.ts";
import { seedReferenceData } from "../src/db/seeds/reference-data.ts";

const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string | undefined;
    dataDir: string;
    engine: "sqlite" | "postgres";
  }
}

/**
 * One database per test run, migrated once: a fresh PostgreSQL database (DB_ENGINE=postgres) or
 * a SQLite file in a temp folder. With CI=true a PostgreSQL server that cannot be reached fails
 * the run instead of skipping it.
 */
export default async function setup(project: TestProject) {
  const engine = process.env.DB_ENGINE === "postgres" ? "postgres" : "sqlite";
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-test-${engine}-`));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (engine === "postgres") {
    const name = `portal_test_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    try {
      await admin.connect();
    } catch (error) {
      const message = `PostgreSQL is not reachable at ${PG_ADMIN_URL}: ${(error as Error).message}`;
      if (process.env.CI === "true") throw new Error(message);
      console.warn(`${message}\nSkipping the PostgreSQL run (set CI=true to make this fatal).`);
      process.exit(0);
    }
    await admin.query(`create database ${name}`);
    await admin.end();
    databaseUrl = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const handle = openDatabase({ databaseUrl, dataDir });
  await migrateToLatest(handle.db);
  await seedReferenceData(handle.db);
  await handle.close();
  project.provide("databaseUrl", databaseUrl);
  project.provide("dataDir", dataDir);
  project.provide("engine", engine);
  return async () => {
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
