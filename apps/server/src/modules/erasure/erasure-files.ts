import fs from "node:fs";
import path from "node:path";
import type { AppContext } from "../../context.ts";
import * as repo from "./erasure.repository.ts";
import * as writes from "./erasure-delete.repository.ts";

/*
 * The files an erasure removes, after its transaction committed (docs/rules/data-protection.md
 * "Erasure"). Each is listed in `erasure_pending_files` by that same transaction, and its line goes
 * only once the file is gone (or was never there): a disk error leaves the line, retried by the
 * sweep (at every erasure and hourly). No row ever points at a removed file: the rows went first.
 */

const SWEEP_BATCH = 500;

/** `relative` under DATA_DIR, refused if it would leave it (the names are random keys, never a path). */
function resolveInDataDir(ctx: AppContext, relative: string): string | null {
  const root = path.resolve(ctx.config.dataDir);
  const full = path.resolve(root, relative);
  return full.startsWith(`${root}${path.sep}`) ? full : null;
}

/** Removes one pending file; true when it is gone (its line removed), false when the disk refused. */
async function removeOne(ctx: AppContext, relative: string, attempts: number): Promise<boolean> {
  const full = resolveInDataDir(ctx, relative);
  try {
    if (full) await fs.promises.unlink(full);
  } catch (error) {
    const code = (error as { code?: string }).code ?? "UNKNOWN";
    if (code !== "ENOENT") {
      await writes.markPendingFileFailed(ctx.db, relative, attempts + 1, code);
      return false;
    }
  }
  await writes.deletePendingFile(ctx.db, relative);
  return true;
}

/** After an erasure's commit: its files; answers how many the disk refused (left for the sweep). */
export async function removeErasedFiles(ctx: AppContext, paths: string[]): Promise<number> {
  let failed = 0;
  for (const relative of paths) if (!(await removeOne(ctx, relative, 0))) failed += 1;
  return failed;
}

/** Retries every file still waiting; answers how many are still there. */
export async function sweepErasedFiles(ctx: AppContext): Promise<number> {
  let failed = 0;
  for (const row of await repo.findPendingFiles(ctx.db, SWEEP_BATCH)) {
    if (!(await removeOne(ctx, row.path, row.attempts))) failed += 1;
  }
  return failed;
}
