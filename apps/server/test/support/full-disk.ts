import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import type { Db } from "../../src/db/database.ts";

/**
 * Whether this machine lets the tests mount a tmpfs (root in a container that allows it): tried
 * once on a scratch folder, for specs that mount one where the portal writes.
 */
export function mayMountTmpfs(): boolean {
  const probe = fs.mkdtempSync(path.join(os.tmpdir(), "portal-mount-probe-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe], { stdio: "ignore" });
    execFileSync("umount", [probe], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  } finally {
    fs.rmdirSync(probe);
  }
}

/**
 * A data folder on a small tmpfs of its own (root may mount one), or null where mounting is not
 * allowed (the caller skips). `cleanups` gets the unmount and the folder's removal, in the order
 * they must run once reversed.
 */
export function smallDisk(prefix: string, cleanups: (() => Promise<void> | void)[]): string | null {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=16m", "tmpfs", dataDir], { stdio: "ignore" });
  } catch {
    return null;
  }
  cleanups.push(() => {
    execFileSync("umount", [dataDir]);
  });
  return dataDir;
}

/**
 * Fills the disk under `dataDir` for real, after emptying SQLite's WAL so the next write must grow
 * a file; answers the filler's path (remove it to make room again). Throws unless the disk ended full.
 */
export async function fillDisk(db: Db, dataDir: string): Promise<string> {
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  const filler = path.join(dataDir, "filler");
  const descriptor = fs.openSync(filler, "w");
  try {
    for (;;) fs.writeSync(descriptor, Buffer.alloc(64 * 1024));
  } catch (error) {
    if ((error as { code?: string }).code !== "ENOSPC") throw error;
  } finally {
    fs.closeSync(descriptor);
  }
  return filler;
}
