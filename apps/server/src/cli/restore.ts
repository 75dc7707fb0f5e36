import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { type Config, ConfigError, loadConfig } from "../config.ts";
import { MIGRATIONS } from "../db/migrate.ts";
import {
  BackupError,
  extractArchive,
  fromOperatorCwd,
  type Manifest,
  POSTGRES_ENTRY,
  SQLITE_ENTRY,
  verifyArchive,
} from "./backup-archive.ts";
import { postgresHasTables, restorePostgres } from "./backup-postgres.ts";
import { restoreSqlite, SQLITE_FILE, sqliteDatabaseExists } from "./backup-sqlite.ts";

const USAGE = `Restores an archive made by \`npm run backup\` into an empty data folder or database.

  npm run restore -- ARCHIVE [--force]

Stop the portal first. The archive's checksums are verified before anything is touched. The
target is the server's configuration: DATABASE_URL (an existing, empty database), else
DATA_DIR/portal.sqlite; uploaded files go to DATA_DIR/files. --force replaces a target that is
not empty (its current data is deleted).`;

/** What already sits in the target, in words for the refusal message. */
async function occupied(config: Config): Promise<string[]> {
  const found: string[] = [];
  if (config.databaseUrl) {
    if (await postgresHasTables(config.databaseUrl)) found.push("the PostgreSQL database (DATABASE_URL) has tables");
  } else if (sqliteDatabaseExists(config.dataDir)) {
    found.push(`${path.join(config.dataDir, SQLITE_FILE)} exists`);
  }
  const filesDir = path.join(config.dataDir, "files");
  if (fs.existsSync(filesDir) && fs.readdirSync(filesDir).length > 0) found.push(`${filesDir} is not empty`);
  return found;
}

/** The archive must fit this configuration and this version of the portal. */
function checkFits(manifest: Manifest, config: Config): void {
  const engine = config.databaseUrl ? "postgres" : "sqlite";
  if (manifest.engine !== engine) {
    const where = engine === "postgres" ? "PostgreSQL (DATABASE_URL is set)" : "SQLite (DATABASE_URL is not set)";
    throw new BackupError(`the archive holds a ${manifest.engine} database; this configuration uses ${where}`);
  }
  if (manifest.migration !== null && !(manifest.migration in MIGRATIONS)) {
    throw new BackupError(
      `the archive's database is at migration ${manifest.migration}, which this version of the portal does not have: install the portal version ${manifest.portalVersion} or newer first`,
    );
  }
}

/** Every table the manifest counted must come back with as many rows. */
function checkCounts(expected: Record<string, number>, got: Record<string, number>): void {
  const wrong = Object.entries(expected)
    .filter(([table, n]) => got[table] !== n)
    .map(([table, n]) => `${table}: ${got[table] ?? "missing"} rows, the backup had ${n}`);
  if (wrong.length > 0)
    throw new BackupError(`the restored database differs from the backup:\n  ${wrong.join("\n  ")}`);
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { force: { type: "boolean" }, help: { type: "boolean" } },
  });
  if (values.help || positionals.length !== 1) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const config = loadConfig();
  const archive = fromOperatorCwd(positionals[0]!);
  const manifest = await verifyArchive(archive).catch((error: unknown) => {
    if (error instanceof BackupError) throw new BackupError(`refusing ${archive}: ${error.message}`);
    throw error;
  });
  console.log(`Checksums verified: ${manifest.entries.length} entries, made ${manifest.createdAt}.`);
  checkFits(manifest, config);
  const found = await occupied(config);
  if (found.length > 0 && !values.force) {
    throw new BackupError(
      `refusing to restore over existing data: ${found.join("; ")}.\nRestore into an empty data folder or database, or add --force to delete the current data and replace it.`,
    );
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  // Extracted inside DATA_DIR so moving into place is a rename on the same disk.
  const staging = fs.mkdtempSync(path.join(config.dataDir, ".restore-"));
  try {
    await extractArchive(archive, staging, manifest);
    const restored = config.databaseUrl
      ? await restorePostgres(config.databaseUrl, path.join(staging, POSTGRES_ENTRY), values.force === true)
      : restoreSqlite(config.dataDir, path.join(staging, SQLITE_ENTRY), values.force === true);
    const filesDir = path.join(config.dataDir, "files");
    fs.rmSync(filesDir, { recursive: true, force: true });
    if (fs.existsSync(path.join(staging, "files"))) fs.renameSync(path.join(staging, "files"), filesDir);
    checkCounts(manifest.tables, restored.tables);
    const rows = Object.values(restored.tables).reduce((sum, n) => sum + n, 0);
    console.log(`Restored ${manifest.engine} database at ${manifest.migration ?? "no migration"}: ${rows} rows.`);
    console.log(`Restored ${manifest.entries.length - 1} uploaded files into ${filesDir}.`);
    console.log("Start the portal (npm start): it applies any newer migrations.");
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

main().catch((error) => {
  if (error instanceof ConfigError) console.error(error.message);
  else if (error instanceof BackupError) console.error(`Restore failed: ${error.message}`);
  else console.error(`Restore failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
