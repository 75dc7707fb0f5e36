import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig, REPO_ROOT } from "../config.ts";
import {
  ARCHIVE_FORMAT,
  archiveName,
  BackupError,
  fromOperatorCwd,
  hashFile,
  type Manifest,
  type ManifestEntry,
  POSTGRES_ENTRY,
  SQLITE_ENTRY,
  writeArchive,
} from "./backup-archive.ts";
import { dumpPostgres } from "./backup-postgres.ts";
import { snapshotSqlite } from "./backup-sqlite.ts";

const USAGE = `Writes one archive with the database, the uploaded files and a manifest, while the portal runs.

  npm run backup [-- --dir /var/backups/portal]

The folder is --dir, else BACKUP_DIR, else backups/ beside the README. The database is the one the
server uses (DATABASE_URL, else DATA_DIR/portal.sqlite); PostgreSQL needs pg_dump (or PG_DUMP).`;

/** Every regular file under `root`, as paths relative to it, sorted. */
function listFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (
    fs
      .readdirSync(root, { recursive: true, withFileTypes: true })
      // Dot-names are never uploads (random base64url names): the health probe's .health-* files.
      .filter((entry) => entry.isFile() && !entry.name.startsWith("."))
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
      .sort()
  );
}

/**
 * Pins one uploaded file for the archive: a hard link (a copy across disks) in the staging folder,
 * so the portal removing the name later (an upload whose row failed) cannot pull it from under
 * tar. Uploads are written once under a new random name, then their row is inserted: a row in
 * the snapshot points at a file finished before the snapshot ended. A file newer than that, still
 * empty (created, bytes not yet in) or gone already belongs to no row of the snapshot: undefined,
 * it waits for the next backup.
 */
function pinFile(file: string, pinned: string, snapshotEnded: number): string | undefined {
  try {
    const stat = fs.statSync(file);
    if (stat.mtimeMs > snapshotEnded || stat.size === 0) return undefined;
    fs.mkdirSync(path.dirname(pinned), { recursive: true });
    try {
      fs.linkSync(file, pinned);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") throw error;
      fs.copyFileSync(file, pinned);
    }
    return pinned;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

function portalVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string }).version;
}

/** A new name in `dir`, never overwriting an earlier archive made in the same second. */
function freeArchivePath(dir: string, date: Date): string {
  const base = archiveName(date);
  for (let n = 1; ; n++) {
    const name = n === 1 ? base : base.replace(/\.tar\.gz$/, `-${n}.tar.gz`);
    const candidate = path.join(dir, name);
    if (!fs.existsSync(candidate) && !fs.existsSync(`${candidate}.partial`)) return candidate;
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { dir: { type: "string" }, help: { type: "boolean" } } });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const dir = fromOperatorCwd(values.dir ?? process.env.BACKUP_DIR ?? path.join(REPO_ROOT, "backups"));
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const started = Date.now();
  const createdAt = new Date(started);
  // The staging folder holds the database copy and a pinned view of the files folder, so one tar
  // run packs both. It is inside DATA_DIR so pinning a file is a hard link on the same disk; it
  // always goes away.
  fs.mkdirSync(config.dataDir, { recursive: true });
  const staging = fs.mkdtempSync(path.join(config.dataDir, ".backup-"));
  const archive = freeArchivePath(dir, createdAt);
  // A backup stopped on purpose (Ctrl-C, systemctl stop) leaves neither staging nor half an archive.
  const stop = () => {
    fs.rmSync(staging, { recursive: true, force: true });
    fs.rmSync(`${archive}.partial`, { force: true });
    process.exit(130);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  try {
    fs.mkdirSync(path.join(staging, "database"));
    const filesDir = path.join(config.dataDir, "files");
    const engine = config.databaseUrl ? "postgres" : "sqlite";
    const dumpEntry = engine === "postgres" ? POSTGRES_ENTRY : SQLITE_ENTRY;
    const snapshot = config.databaseUrl
      ? await dumpPostgres(config.databaseUrl, path.join(staging, dumpEntry))
      : await snapshotSqlite(config.dataDir, path.join(staging, dumpEntry));
    const snapshotEnded = Date.now();
    const entries: ManifestEntry[] = [{ path: dumpEntry, ...(await hashFile(path.join(staging, dumpEntry))) }];
    let later = 0;
    for (const relative of listFiles(filesDir)) {
      const pinned = pinFile(path.join(filesDir, relative), path.join(staging, "files", relative), snapshotEnded);
      if (!pinned) {
        later++;
        continue;
      }
      entries.push({ path: `files/${relative}`, ...(await hashFile(pinned)) });
    }
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      createdAt: createdAt.toISOString(),
      engine,
      migration: snapshot.migration,
      portalVersion: portalVersion(),
      tables: snapshot.tables,
      entries,
    };
    await writeArchive(archive, staging, manifest);
    const rows = Object.values(snapshot.tables).reduce((sum, n) => sum + n, 0);
    console.log(`Backup written: ${archive}`);
    console.log(
      `  ${engine} database at ${snapshot.migration ?? "no migration"}: ${Object.keys(snapshot.tables).length} tables, ${rows} rows`,
    );
    console.log(
      `  ${entries.length - 1} uploaded files; ${fs.statSync(archive).size} bytes; ${Date.now() - started} ms`,
    );
    if (later > 0) console.log(`  ${later} files written during the backup are left for the next one.`);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

main().catch((error) => {
  if (error instanceof ConfigError) console.error(error.message);
  else if (error instanceof BackupError) console.error(`Backup failed: ${error.message}`);
  else console.error(`Backup failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
