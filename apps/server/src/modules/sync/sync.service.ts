import { translate } from "@portal/i18n/translate";
import type { Language } from "@portal/shared/languages";
import { asRequestStatus } from "@portal/shared/request-status";
import {
  BUE_ELIGIBLE_STATUSES,
  BUE_PAGE_SIZE,
  type BueExportFormat,
  type SyncBatch,
  type SyncList,
  type SyncListQuery,
  type SyncRequest,
} from "@portal/shared/schemas/sync";
import type { AppContext } from "../../context.ts";
import { type Db, nowIso, writeTransaction } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { presentRepresentative } from "./bue-row.ts";
import * as repo from "./sync.repository.ts";
import { parseStep as parse, renderSyncFile, rowsOf, type SyncFile, yearLabel } from "./sync-file.ts";

export interface Actor {
  userId: number;
  ip: string;
  lang: Language;
}

export type { SyncFile };

const isEligible = (status: string) => (BUE_ELIGIBLE_STATUSES as readonly string[]).includes(status);

async function yearExists(db: Db, lang: Language, schoolYearId: number): Promise<void> {
  const year = await db.selectFrom("school_years").select("id").where("id", "=", schoolYearId).executeTakeFirst();
  if (!year) {
    throw new AppError(400, "SCHOOL_YEAR_INVALID", {}, { schoolYearId: translate(lang, "errors:SCHOOL_YEAR_INVALID") });
  }
}

type Migration = { batch_id: number | null; migrated_at: string | null; migrated_by_name: string | null };
const migrationOf = (row: Migration) => ({
  state: row.migrated_at ? ("migrated" as const) : ("pending" as const),
  migratedAt: row.migrated_at,
  migratedBy: row.migrated_by_name,
  batchId: row.batch_id,
});

/** GET /api/sync: the year's eligible requests with their migration state and codes, and the counts. */
export async function listSync(ctx: AppContext, sessionYearId: number, query: SyncListQuery): Promise<SyncList> {
  const schoolYearId = query.schoolYearId ?? sessionYearId;
  const [counts, page] = await Promise.all([
    repo.countByState(ctx.db, schoolYearId),
    repo.listYear(ctx.db, {
      schoolYearId,
      state: query.state,
      offset: (query.page - 1) * BUE_PAGE_SIZE,
      limit: BUE_PAGE_SIZE,
    }),
  ]);
  const steps = await repo.stepsOf(
    ctx.db,
    page.items.map((row) => row.file_id),
  );
  const items = page.items.map((row) => {
    const file = steps.get(row.file_id);
    return {
      id: row.id,
      code: row.code,
      studentName: row.student_name,
      levelCode: row.level_code,
      status: asRequestStatus(row.request_status),
      studentCode: String(parse(file?.get("studentFile"))?.studentCode ?? ""),
      rep1ContactCodeBue: String(parse(file?.get("firstRepresentative"))?.contactCodeBue ?? ""),
      rep2ContactCodeBue: String(presentRepresentative(parse(file?.get("secondRepresentative")))?.contactCodeBue ?? ""),
      migration: migrationOf(row),
    };
  });
  return { schoolYearId, counts, items, total: page.total, page: query.page, pageSize: BUE_PAGE_SIZE };
}

/**
 * POST /api/sync/exports: the year's eligible students not yet migrated, marked migrated in the
 * same transaction as the batch and the audit entry. Nothing to export: an empty file with the
 * header, no batch.
 */
export async function exportForSync(
  ctx: AppContext,
  actor: Actor,
  body: { schoolYearId: number; format: BueExportFormat },
): Promise<SyncFile> {
  await yearExists(ctx.db, actor.lang, body.schoolYearId);
  return writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const now = nowIso();
    const pending = await repo.pendingForExport(trx, body.schoolYearId);
    let batchId: number | null = null;
    let exported: typeof pending = [];
    if (pending.length > 0) {
      batchId = await repo.insertBatch(trx, { schoolYearId: body.schoolYearId, userId: actor.userId, now });
      const marked = await repo.markMigrated(trx, {
        batchId,
        requestIds: pending.map((r) => r.id),
        userId: actor.userId,
        now,
      });
      exported = pending.filter((r) => marked.has(r.id));
      await repo.setBatchCount(trx, batchId, exported.length);
      if (exported.length === 0) batchId = null;
    }
    const rows = await rowsOf(trx, exported);
    await recordAudit(trx, {
      event: "sync.exported",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { schoolYearId: body.schoolYearId, batchId, format: body.format, rows: rows.length },
    });
    return renderSyncFile(rows, {
      format: body.format,
      batchId,
      schoolYear: await yearLabel(trx, body.schoolYearId),
      exportedAt: now,
    });
  });
}

/** GET /api/sync/exports: the year's past batches, newest first. */
export async function listSyncBatches(ctx: AppContext, schoolYearId: number): Promise<{ items: SyncBatch[] }> {
  const rows = await repo.listBatches(ctx.db, schoolYearId);
  return {
    items: rows.map((row) => ({
      id: row.id,
      createdAt: row.created_at,
      createdBy: row.created_by_name ?? null,
      rowCount: row.row_count,
    })),
  };
}

/** GET /api/sync/exports/:id: a past batch again (its students as they are now), audited. */
export async function batchFile(
  ctx: AppContext,
  actor: Actor,
  batchId: number,
  format: BueExportFormat,
): Promise<SyncFile> {
  const batch = await repo.findBatch(ctx.db, batchId);
  if (!batch) throw notFound("FILE_NOT_FOUND");
  const rows = await rowsOf(ctx.db, await repo.batchRequests(ctx.db, batchId));
  await recordAudit(ctx.db, {
    event: "sync.exported",
    actorUserId: actor.userId,
    ip: actor.ip,
    details: { schoolYearId: batch.school_year_id, batchId, format, rows: rows.length, again: true },
  });
  return renderSyncFile(rows, {
    format,
    batchId,
    schoolYear: await yearLabel(ctx.db, batch.school_year_id),
    exportedAt: batch.created_at,
  });
}

/** GET /api/sync/requests/:id: the request as the export writes it, its state and version. */
export async function getSyncRequest(ctx: AppContext, requestId: number): Promise<SyncRequest> {
  const request = await repo.findRequest(ctx.db, requestId);
  if (!request) throw notFound("REQUEST_NOT_FOUND");
  const [row] = await rowsOf(ctx.db, [request]);
  const steps = (await repo.stepsOf(ctx.db, [request.file_id])).get(request.file_id);
  return {
    id: request.id,
    code: request.code,
    status: asRequestStatus(request.request_status),
    eligible: isEligible(request.request_status),
    hasSecondRepresentative: presentRepresentative(parse(steps?.get("secondRepresentative"))) !== null,
    version: request.version,
    row: row!,
    migration: migrationOf(request),
  };
}
