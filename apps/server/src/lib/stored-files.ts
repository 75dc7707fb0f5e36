import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { AppError } from "./errors.ts";

/**
 * The files folder (DATA_DIR/files) failing: full (ENOSPC, EDQUOT), read-only or not ours
 * (EROFS, EACCES, EPERM), not a folder any more (ENOTDIR, EEXIST on mkdir), or the disk itself (EIO).
 */
const STORAGE_FAULT_CODES = new Set(["ENOSPC", "EDQUOT", "EROFS", "EACCES", "EPERM", "ENOTDIR", "EEXIST", "EIO"]);

export function isStorageFault(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === "string" && STORAGE_FAULT_CODES.has(code);
}

/** 507: the user's file was fine, the server could not keep it. */
export const storageUnavailable = () => new AppError(507, "STORAGE_UNAVAILABLE");

/**
 * Writes a new file in `dir`; on failure nothing is left behind (a full disk leaves a truncated
 * file otherwise) and a storage fault becomes 507 STORAGE_UNAVAILABLE.
 */
export function writeStoredFile(dir: string, name: string, bytes: Buffer): void {
  const file = path.join(dir, name);
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(file, bytes, { mode: 0o600 });
  } catch (error) {
    removeStoredFile(dir, name);
    throw isStorageFault(error) ? storageUnavailable() : error;
  }
}

/** Removes a stored file if it is there; used to undo a write whose database row failed. */
export function removeStoredFile(dir: string, name: string): void {
  try {
    fs.rmSync(path.join(dir, name), { force: true });
  } catch {
    // The folder itself is the fault (ENOTDIR…): there is nothing of ours to remove.
  }
}

/** Bytes the health probe writes: one page, so a full disk refuses it as it refuses an upload. */
const PROBE_BYTES = 4096;

/**
 * Writes and removes a small file in `dir`, as an upload would: undefined when that works, else
 * the error code (ENOSPC, EROFS, ENOTDIR…). Cheap enough for a load balancer's health check.
 */
export async function probeStorage(dir: string): Promise<string | undefined> {
  const name = `.health-${randomBytes(6).toString("hex")}`;
  try {
    await fs.promises.mkdir(dir, { recursive: true });
    await fs.promises.writeFile(path.join(dir, name), Buffer.alloc(PROBE_BYTES), { flag: "wx" });
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code ?? "UNKNOWN";
  } finally {
    await fs.promises.rm(path.join(dir, name), { force: true }).catch(() => {});
  }
}
