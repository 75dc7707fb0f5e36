import {
  defaultLimitFor,
  FILE_TYPES,
  type FileType,
  typesAllowedFor,
  UPLOAD_CEILING_BYTES,
  UPLOAD_FLOOR_BYTES,
} from "@portal/shared/file-settings";
import type { FileSettingsUpdate } from "@portal/shared/schemas/file-settings";
import { UPLOAD_KIND_NAMES, type UploadKind } from "@portal/shared/upload-kinds";
import type { AppContext } from "../../context.ts";
import { nowIso, writeTransaction } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { AppError } from "../../lib/errors.ts";
import { findLimitRow, type LimitRow, listLimitRows, saveLimitRow } from "./upload-limits.repository.ts";

export interface UploadLimit {
  kind: UploadKind;
  maxBytes: number;
  types: FileType[];
  /** 1 while the kind is on the spec's defaults (no row saved yet). */
  version: number;
}

/**
 * A saved row as limits the upload check can trust: types it cannot verify for the kind are
 * dropped, and a size outside floor and ceiling falls back to the default (a row edited by hand).
 */
function fromRow(kind: UploadKind, row: LimitRow | undefined): UploadLimit {
  const fallback = defaultLimitFor(kind);
  if (!row) return { kind, ...fallback, version: 1 };
  const allowed = typesAllowedFor(kind);
  const types = FILE_TYPES.filter((type) => allowed.includes(type) && row.types.split(",").includes(type));
  const sizeOk = row.max_bytes >= UPLOAD_FLOOR_BYTES && row.max_bytes <= UPLOAD_CEILING_BYTES;
  return {
    kind,
    maxBytes: sizeOk ? row.max_bytes : fallback.maxBytes,
    types: types.length > 0 ? types : fallback.types,
    version: row.version,
  };
}

/** The limits the upload endpoint enforces for one kind (one primary-key read per upload). */
export async function uploadLimitFor(ctx: AppContext, kind: UploadKind): Promise<UploadLimit> {
  return fromRow(kind, await findLimitRow(ctx.db, kind));
}

/** Every kind, in the shared order. */
export async function listUploadLimits(ctx: AppContext): Promise<UploadLimit[]> {
  const rows = new Map((await listLimitRows(ctx.db)).map((row) => [row.kind, row]));
  return UPLOAD_KIND_NAMES.map((kind) => fromRow(kind, rows.get(kind)));
}

/**
 * Saves the kinds sent, each guarded by the version the Admin read: one stale kind and nothing is
 * saved (409). Kinds that did not change are neither written nor audited.
 */
export async function saveUploadLimits(
  ctx: AppContext,
  actor: { userId: number; ip: string },
  body: FileSettingsUpdate,
): Promise<UploadLimit[]> {
  const now = nowIso();
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const rows = new Map((await listLimitRows(trx)).map((row) => [row.kind, row]));
    const changes: Record<string, { before: object; after: object }> = {};
    for (const input of body.kinds) {
      const current = fromRow(input.kind, rows.get(input.kind));
      if (current.version !== input.version) throw new AppError(409, "VERSION_CONFLICT");
      const types = FILE_TYPES.filter((type) => input.types.includes(type));
      if (current.maxBytes === input.maxBytes && current.types.join(",") === types.join(",")) continue;
      const saved = await saveLimitRow(trx, {
        kind: input.kind,
        maxBytes: input.maxBytes,
        types: types.join(","),
        version: input.version,
        now,
      });
      if (!saved) throw new AppError(409, "VERSION_CONFLICT");
      changes[input.kind] = {
        before: { maxBytes: current.maxBytes, types: current.types },
        after: { maxBytes: input.maxBytes, types },
      };
    }
    if (Object.keys(changes).length > 0) {
      await recordAudit(trx, {
        event: "fileSettings.updated",
        actorUserId: actor.userId,
        ip: actor.ip,
        details: { limits: changes },
      });
    }
  });
  return listUploadLimits(ctx);
}
