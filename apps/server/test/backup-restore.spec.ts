import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Manifest } from "../src/cli/backup-archive.ts";
import { loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/database.ts";
import { completeFile, uploadPdf } from "./support/enrollment.ts";
import { createOwnDatabase, type OwnDatabase } from "./support/own-database.ts";
import { REPO_ROOT } from "./support/server-process.ts";
import { createTestApp, loginAs, signedInAs, type TestApp } from "./support/test-app.ts";

// One drill in order: back up while the portal writes, wipe, restore, then the refusals, which
// reuse the archive and the restored target of the first test.
let own: OwnDatabase;
let backupDir: string;
let archive: string;
let manifest: Manifest;
let family: { email: string };
/** Rows per table just before the backup started and once the writes stopped. */
let before: Record<string, number>;
let after: Record<string, number>;
/** SHA-256 of every uploaded file as the running portal had it. */
const liveFiles = new Map<string, string>();

beforeAll(async () => {
  own = await createOwnDatabase("backup");
  backupDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-backups-"));
});
afterAll(async () => {
  await own?.drop();
  fs.rmSync(backupDir, { recursive: true, force: true });
});

/** `npm run backup` / `npm run restore`'s script, as an operator runs it, on this spec's database. */
function cli(
  script: "backup" | "restore",
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    // As the npm scripts run it: node --import tsx (the tsx wrapper SIGKILLs a busy child on SIGTERM).
    const child = spawn(process.execPath, ["--import", "tsx", `apps/server/src/cli/${script}.ts`, ...args], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? REPO_ROOT, ...own.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
    });
    child.on("exit", (code) => resolve({ code, out }));
  });
}

/** Rows per table, every table of the schema (kysely's bookkeeping included). */
async function countRows(): Promise<Record<string, number>> {
  const handle = openDatabase(loadConfig({ ...own.env, NODE_ENV: "test" }));
  try {
    const tables = await handle.db.introspection.getTables({ withInternalKyselyTables: true });
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(name)}`.execute(handle.db);
      counts[name] = Number(row.rows[0]?.n);
    }
    return counts;
  } finally {
    await handle.close();
  }
}

async function uploadRows(): Promise<{ storage_key: string; sha256: string }[]> {
  const handle = openDatabase(loadConfig({ ...own.env, NODE_ENV: "test" }));
  try {
    return await handle.db.selectFrom("uploads").select(["storage_key", "sha256"]).execute();
  } finally {
    await handle.close();
  }
}

function sha256(file: string): string {
  return createHash("sha256").update(fs.readFileSync(file)).digest("hex");
}

function filesIn(dataDir: string): Map<string, string> {
  const dir = path.join(dataDir, "files");
  if (!fs.existsSync(dir)) return new Map();
  return new Map(fs.readdirSync(dir).map((name) => [name, sha256(path.join(dir, name))]));
}

async function readManifest(file: string): Promise<Manifest> {
  let text = "";
  await tar.t({
    file,
    filter: (p) => p === "manifest.json",
    onReadEntry: (entry) => entry.on("data", (chunk: Buffer) => (text += chunk.toString("utf8"))),
  });
  return JSON.parse(text) as Manifest;
}

/** Wipes the target: the data folder, and on PostgreSQL the database dropped and made again. */
async function wipe(): Promise<void> {
  fs.rmSync(own.dataDir, { recursive: true, force: true });
  fs.mkdirSync(own.dataDir);
  if (own.databaseUrl) {
    const url = new URL(own.databaseUrl);
    const name = url.pathname.slice(1);
    url.pathname = "/postgres";
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    try {
      await admin.query(`drop database ${name} with (force)`);
      await admin.query(`create database ${name}`);
    } finally {
      await admin.end();
    }
  }
}

describe("npm run backup / npm run restore", () => {
  it("backs up while the portal writes, and a wiped target gets every row and file back", async () => {
    const t: TestApp = await createTestApp(own.env);
    let uploads = 0;
    let writing = true;
    let writer: Promise<void> | undefined;
    try {
      const user = await signedInAs(t, "User");
      family = user;
      const fileId = await completeFile(t, user.cookie);
      // The portal keeps writing (uploads: a row and a file each) for the whole backup.
      writer = (async () => {
        while (writing) {
          const response = await uploadPdf(t, user.cookie, fileId);
          if (response.statusCode !== 201) throw new Error(`upload: ${response.statusCode} ${response.body}`);
          uploads++;
          // Paced, not a wait for anything: a steady trickle of writes, leaving the CPU to the backup.
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })();
      while (uploads < 3) await new Promise((resolve) => setTimeout(resolve, 10));
      before = await countRows();
      const uploadsAtStart = uploads;
      const backup = await cli("backup", ["--dir", backupDir]);
      const uploadsDuringBackup = uploads - uploadsAtStart;
      expect(backup.out).toContain("Backup written:");
      expect(backup.code).toBe(0);
      expect(uploadsDuringBackup).toBeGreaterThan(0);
      writing = false;
      await writer;
      after = await countRows();
      for (const [name, hash] of filesIn(own.dataDir)) liveFiles.set(name, hash);
    } finally {
      writing = false;
      await writer?.catch(() => {});
      await t.close();
    }

    const archives = fs.readdirSync(backupDir);
    expect(archives).toHaveLength(1);
    expect(archives[0]).toMatch(/^portal-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/);
    archive = path.join(backupDir, archives[0]!);
    manifest = await readManifest(archive);
    expect(manifest).toMatchObject({ format: "portal-backup/1", engine: own.engine, portalVersion: "0.1.0" });
    expect(manifest.migration).toMatch(/^\d{4}_/);

    await wipe();
    const restore = await cli("restore", [archive]);
    expect(restore.out).toContain("Checksums verified");
    expect(restore.code).toBe(0);

    // Every table has the rows of the snapshot; the tables that only grow show it holds all
    // written before the backup began and none written after it.
    const restored = await countRows();
    expect(Object.keys(restored).sort()).toEqual(Object.keys(after).sort());
    for (const table of Object.keys(after)) expect(restored[table], table).toBe(manifest.tables[table]);
    for (const table of ["users", "enrollment_files", "uploads"]) {
      expect(restored[table], table).toBeGreaterThanOrEqual(before[table]!);
      expect(restored[table], table).toBeLessThanOrEqual(after[table]!);
    }
    expect(restored.uploads).toBeGreaterThan(0);

    // Every upload row has its file back, byte for byte what the portal stored.
    const files = filesIn(own.dataDir);
    const rows = await uploadRows();
    expect(rows).toHaveLength(restored.uploads!);
    for (const row of rows) {
      expect(files.get(row.storage_key), row.storage_key).toBe(row.sha256);
      expect(liveFiles.get(row.storage_key), row.storage_key).toBe(row.sha256);
    }
    for (const [name, hash] of files) expect(liveFiles.get(name), name).toBe(hash);

    // The portal starts on the restored data and the family signs in.
    const back = await createTestApp(own.env);
    try {
      await expect(loginAs(back, family.email)).resolves.toContain("portal_sid=");
    } finally {
      await back.close();
    }
  }, 120_000);

  it("refuses a target that is not empty unless --force, which replaces it", async () => {
    const restoredBefore = await countRows();
    const refused = await cli("restore", [archive]);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain("refusing to restore over existing data");
    expect(refused.out).toContain("--force");

    // Rows and a file made after the restore (the sign-in above, a setting, a stray file) disappear
    // when the backup replaces them.
    fs.writeFileSync(path.join(own.dataDir, "files", "stray.pdf"), "not in the backup");
    const handle = openDatabase(loadConfig({ ...own.env, NODE_ENV: "test" }));
    await handle.db.insertInto("settings").values({ key: "backup-spec", value: "x" }).execute();
    await handle.close();
    const current = await countRows();
    expect(current.settings).toBe(restoredBefore.settings! + 1);

    if (own.engine === "postgres") {
      // pg_restore failing after --force set the current schema aside: it is put back, untouched.
      const failed = await cli("restore", [archive, "--force"], { PG_RESTORE: "false" });
      expect(failed.code).toBe(1);
      expect(failed.out).toContain("false failed");
      expect(await countRows()).toEqual(current);
    }

    const forced = await cli("restore", [archive, "--force"]);
    expect(forced.out).toContain("Restored");
    expect(forced.code).toBe(0);
    expect(await countRows()).toEqual(manifest.tables);
    expect(filesIn(own.dataDir).has("stray.pdf")).toBe(false);
  }, 60_000);

  it("refuses a tampered or truncated archive before touching anything, even with --force", async () => {
    const unpacked = fs.mkdtempSync(path.join(os.tmpdir(), "portal-tamper-"));
    try {
      await tar.x({ file: archive, cwd: unpacked });
      const packed = JSON.parse(fs.readFileSync(path.join(unpacked, "manifest.json"), "utf8")) as Manifest;
      const victim = packed.entries.find((entry) => entry.path.startsWith("files/"))!;
      const bytes = fs.readFileSync(path.join(unpacked, victim.path));
      bytes[bytes.length - 2] = bytes[bytes.length - 2]! ^ 0xff;
      fs.writeFileSync(path.join(unpacked, victim.path), bytes);
      const tampered = path.join(unpacked, "tampered.tar.gz");
      await tar.c({ gzip: true, cwd: unpacked, file: tampered }, [
        "manifest.json",
        ...packed.entries.map((entry) => entry.path),
      ]);
      const truncated = path.join(unpacked, "truncated.tar.gz");
      const whole = fs.readFileSync(archive);
      fs.writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));

      const counts = await countRows();
      const files = filesIn(own.dataDir);

      const refused = await cli("restore", [tampered, "--force"]);
      expect(refused.code).toBe(1);
      expect(refused.out).toContain(`${victim.path}: checksum mismatch`);

      const cut = await cli("restore", [truncated, "--force"]);
      expect(cut.code).toBe(1);
      expect(cut.out).toContain("refusing");

      expect(await countRows()).toEqual(counts);
      expect(filesIn(own.dataDir)).toEqual(files);
    } finally {
      fs.rmSync(unpacked, { recursive: true, force: true });
    }
  }, 60_000);
});
