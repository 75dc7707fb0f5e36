import fs from "node:fs";
import { translate } from "@portal/i18n/translate";
import type { Language } from "@portal/shared/languages";
import { isFamilyRole } from "@portal/shared/roles";
import type { DataExportCurrent, DataExportState } from "@portal/shared/schemas/data-export";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context.ts";
import { nowIso } from "../../db/database.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { randomToken } from "../../lib/crypto.ts";
import { AppError } from "../../lib/errors.ts";
import { isStorageFault } from "../../lib/stored-files.ts";
import type { CurrentUser } from "../../plugins/request-types.ts";
import * as repo from "./data-export.repository.ts";
import { FIXED_ENTRIES } from "./data-export-archive.ts";
import { gatherFamilyData } from "./data-export-data.ts";
import { archivePath, exportsDir } from "./data-export-paths.ts";
import { writeArchiveInThread } from "./data-export-zip.ts";

/*
 * "My data" (LOPDP art. 17; docs/data-protection.md): a family asks for its archive, the archive
 * is prepared in the background (never in the request), its progress is kept in the database so
 * any server process can answer the status, and the link works 24 hours. Only the family's own
 * rows (data-export-data.ts); another family's id or a staff account finds nothing.
 */

export const LINK_HOURS = 24;
/** A running archive whose progress has not moved for this long lost its process: shown as failed. */
const STALE_MINUTES = 15;

export interface ExportMeta {
  ip: string;
  lang: Language;
  log: FastifyBaseLogger;
}

/** Archives being prepared by this process: awaited on shutdown (and by tests and the bench). */
const running = new Map<string, Promise<void>>();

export async function preparingArchives(): Promise<void> {
  await Promise.all(running.values());
}

function familyOf(user: CurrentUser): number {
  // The route's permission lets families only; this keeps the service safe on its own (deny by default).
  if (!isFamilyRole(user.role)) throw new AppError(404, "NOT_FOUND");
  return user.familyId;
}

function stateOf(row: repo.ExportRow, lang: Language): DataExportState {
  return {
    id: row.id,
    status: row.status as DataExportState["status"],
    done: row.done,
    total: row.total,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    size: row.size,
    errorCode: row.error_code,
    errorMessage: row.error_code ? translate(lang, `errors:${row.error_code}`) : null,
  };
}

async function removeArchiveFiles(ctx: AppContext, storageKey: string | null): Promise<void> {
  if (!storageKey) return;
  await fs.promises.rm(archivePath(ctx, storageKey), { force: true }).catch(() => {});
  await fs.promises.rm(`${archivePath(ctx, storageKey)}.part`, { force: true }).catch(() => {});
}

/**
 * Removes expired archives (their row stays, `expired`, so an old link says so) and ends running
 * rows whose process died (their part file removed). Runs on every "My data" request and hourly.
 */
export async function sweepDataExports(ctx: AppContext): Promise<void> {
  const now = new Date();
  const staleBefore = new Date(now.getTime() - STALE_MINUTES * 60_000).toISOString();
  for (const row of await repo.findSweepable(ctx.db, now.toISOString(), staleBefore)) {
    if (row.status === "running" && running.has(row.id)) continue;
    await removeArchiveFiles(ctx, row.storage_key);
    await repo.updateExport(
      ctx.db,
      row.id,
      row.status === "ready"
        ? { status: "expired", storage_key: null }
        : { status: "failed", error_code: "DATA_EXPORT_FAILED", running_family_id: null, storage_key: null },
    );
  }
}

/** GET /api/account/data-export: the family's latest archive (running, ready, failed or expired), or none. */
export async function currentDataExport(
  ctx: AppContext,
  user: CurrentUser,
  meta: ExportMeta,
): Promise<DataExportCurrent> {
  const familyId = familyOf(user);
  await sweepDataExports(ctx);
  const row = await repo.findLatestExport(ctx.db, familyId);
  return { export: row ? stateOf(row, meta.lang) : null };
}

/**
 * POST /api/account/data-export: starts preparing the archive, or answers the one already being
 * prepared (one per family at a time: the unique `running_family_id`, across server processes).
 */
export async function startDataExport(ctx: AppContext, user: CurrentUser, meta: ExportMeta): Promise<DataExportState> {
  const familyId = familyOf(user);
  await sweepDataExports(ctx);
  const already = await repo.findRunningExport(ctx.db, familyId);
  if (already) return stateOf(already, meta.lang);
  const now = nowIso();
  const row: repo.ExportRow = {
    id: randomToken(24),
    family_user_id: familyId,
    requested_by: user.id,
    running_family_id: familyId,
    status: "running",
    language: meta.lang,
    done: 0,
    total: 0,
    storage_key: `${randomToken(24)}.zip`,
    size: null,
    error_code: null,
    created_at: now,
    heartbeat_at: now,
    finished_at: null,
    expires_at: null,
  };
  try {
    await repo.insertExport(ctx.db, row);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another press (or process) won the race: answer its archive.
    const winner = await repo.findRunningExport(ctx.db, familyId);
    if (winner) return stateOf(winner, meta.lang);
    throw error;
  }
  await recordAudit(ctx.db, {
    event: "dataExport.requested",
    actorUserId: user.id,
    subjectUserId: familyId,
    ip: meta.ip,
    details: { exportId: row.id },
  });
  const job = prepare(ctx, row, meta.log).finally(() => running.delete(row.id));
  running.set(row.id, job);
  return stateOf(row, meta.lang);
}

async function prepare(ctx: AppContext, row: repo.ExportRow, log: FastifyBaseLogger): Promise<void> {
  const language = row.language as Language;
  try {
    const gathered = await gatherFamilyData(ctx.db, row.family_user_id, language);
    const total = gathered.files.length + FIXED_ENTRIES;
    await repo.updateExport(ctx.db, row.id, { total, heartbeat_at: nowIso() });
    await fs.promises.mkdir(exportsDir(ctx), { recursive: true });
    const size = await writeArchiveInThread({
      ctx,
      target: archivePath(ctx, row.storage_key!),
      gathered,
      language,
      log,
      onProgress: (done) => repo.updateExport(ctx.db, row.id, { done, heartbeat_at: nowIso() }).then(() => {}),
    });
    const finished = new Date();
    await repo.updateExport(ctx.db, row.id, {
      status: "ready",
      running_family_id: null,
      size,
      finished_at: finished.toISOString(),
      expires_at: new Date(finished.getTime() + LINK_HOURS * 3_600_000).toISOString(),
    });
  } catch (error) {
    const code = isStorageFault(error) ? "STORAGE_UNAVAILABLE" : "DATA_EXPORT_FAILED";
    log.error({ err: error, exportId: row.id }, "data export failed");
    await removeArchiveFiles(ctx, row.storage_key);
    await repo
      .updateExport(ctx.db, row.id, {
        status: "failed",
        running_family_id: null,
        storage_key: null,
        error_code: code,
        finished_at: nowIso(),
      })
      .catch((dbError: unknown) => log.error({ err: dbError, exportId: row.id }, "data export: marking it failed"));
  }
}

/** GET /api/account/data-export/:id/file: the family's ready archive; expired → 410, not theirs → 404. */
export async function openDataExport(
  ctx: AppContext,
  user: CurrentUser,
  id: string,
  meta: ExportMeta,
): Promise<{ stream: fs.ReadStream; size: number; fileName: string }> {
  const familyId = familyOf(user);
  await sweepDataExports(ctx);
  const row = await repo.findOwnExport(ctx.db, familyId, id);
  if (!row) throw new AppError(404, "NOT_FOUND");
  if (row.status === "expired" || (row.expires_at !== null && row.expires_at < nowIso())) {
    throw new AppError(410, "DATA_EXPORT_EXPIRED");
  }
  if (row.status !== "ready" || !row.storage_key) throw new AppError(409, "DATA_EXPORT_NOT_READY");
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(archivePath(ctx, row.storage_key), "r");
  } catch {
    // Removed from the disk (a restore without it): as good as expired; the family prepares another.
    throw new AppError(410, "DATA_EXPORT_EXPIRED");
  }
  try {
    await recordAudit(ctx.db, {
      event: "dataExport.downloaded",
      actorUserId: user.id,
      subjectUserId: familyId,
      ip: meta.ip,
      details: { exportId: row.id },
    });
  } catch (error) {
    await handle.close();
    throw error;
  }
  const day = row.created_at.slice(0, 10);
  return {
    stream: handle.createReadStream(),
    size: row.size ?? 0,
    fileName: `${translate(meta.lang, "account:myData.fileName")}-${day}.zip`,
  };
}
