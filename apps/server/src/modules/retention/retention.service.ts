import type { RetentionPreview, RetentionRun, RetentionRunSummary, RunReport } from "@portal/shared/schemas/retention";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context.ts";
import { nowIso } from "../../db/database.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { AppError } from "../../lib/errors.ts";
import {
  findRun,
  findRunningRun,
  insertRunningRun,
  lastScheduledRunAt,
  listRuns,
  updateRun,
} from "./retention.repository.ts";
import { buildPurgePlan } from "./retention-plan.ts";
import { applyPurgePlan } from "./retention-purge.ts";
import { studentNames } from "./retention-selection.repository.ts";
import { readRetentionPeriods } from "./retention-settings.service.ts";

/*
 * The purge (docs/rules/data-protection.md "The purge"): the preview, a run started by the Admin
 * or by the daily schedule, its progress and its report. One run at a time across processes (the
 * unique `running_key`); the work happens in the background, never in the request.
 */

/** A running run whose progress has not moved for this long lost its process: it is ended as failed. */
const STALE_MINUTES = 30;
/** The schedule starts a run when the last scheduled one is this old. */
export const SCHEDULE_EVERY_MS = 24 * 3_600_000;

const running = new Map<number, Promise<void>>();

/** Runs under way in this process: awaited on shutdown and by the tests. */
export async function purgesUnderWay(): Promise<void> {
  await Promise.all(running.values());
}

export async function previewPurge(ctx: AppContext, now = new Date()): Promise<RetentionPreview> {
  const plan = await buildPurgePlan(ctx, now);
  return {
    asOf: plan.asOf,
    counts: plan.counts,
    items: plan.items.map(({ familyId: _f, fileIds: _ids, ...item }) => item),
  };
}

/**
 * A stored report names no one (retention-purge.ts): each student's name is read when the report
 * is, so a child erased since (by a later run, or at the family's request) shows as no longer in
 * the portal instead of outliving the erasure in an old report.
 */
async function withNames(ctx: AppContext, report: RunReport): Promise<RunReport> {
  const ids = [...new Set(report.items.flatMap((item) => (item.studentId === null ? [] : [item.studentId])))];
  const names = await studentNames(ctx.db, ids);
  return {
    ...report,
    items: report.items.map((item) => ({
      ...item,
      label: item.studentId === null ? null : (names.get(item.studentId) ?? null),
    })),
  };
}

async function runOf(ctx: AppContext, row: NonNullable<Awaited<ReturnType<typeof findRun>>>): Promise<RetentionRun> {
  let report: RunReport | null = null;
  try {
    report = row.report ? await withNames(ctx, JSON.parse(row.report) as RunReport) : null;
  } catch {
    report = null;
  }
  return {
    id: row.id,
    status: row.status as RetentionRun["status"],
    trigger: row.trigger as RetentionRun["trigger"],
    startedBy: row.started_by_email ?? null,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    done: Number(row.done),
    total: Number(row.total),
    report,
  };
}

/** Ends a run whose process died (no progress for STALE_MINUTES), so a new one may start. */
async function endStaleRun(ctx: AppContext): Promise<void> {
  const current = await findRunningRun(ctx.db);
  if (!current || running.has(current.id)) return;
  const staleBefore = new Date(Date.now() - STALE_MINUTES * 60_000).toISOString();
  if (current.heartbeat_at < staleBefore) {
    await updateRun(ctx.db, current.id, { status: "failed", running_key: null, finished_at: nowIso() });
  }
}

/**
 * Starts a run (manual: the Admin's "Run now"; schedule: the daily job). Answers the run under
 * way instead when there is one. `now` is the moment the periods are measured from.
 */
export async function startPurge(
  ctx: AppContext,
  opts: { trigger: "manual" | "schedule"; userId: number | null; ip?: string; log: FastifyBaseLogger; now?: Date },
): Promise<RetentionRun> {
  await endStaleRun(ctx);
  let id: number | undefined;
  try {
    id = await insertRunningRun(ctx.db, { trigger: opts.trigger, started_by: opts.userId, started_at: nowIso() });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  if (id === undefined) {
    const current = await findRunningRun(ctx.db);
    const row = current ? await findRun(ctx.db, current.id) : undefined;
    if (row) return runOf(ctx, row);
    throw new AppError(409, "RETENTION_RUN_BUSY");
  }
  const runId = id;
  const work = (async () => {
    try {
      const plan = await buildPurgePlan(ctx, opts.now ?? new Date());
      const report = await applyPurgePlan(ctx, { id: runId, actorUserId: opts.userId }, plan, opts.log);
      // Counts only; the report lists students by id, their names read with it (withNames).
      await recordAudit(ctx.db, {
        event: "retention.purged",
        actorUserId: opts.userId,
        ip: opts.ip ?? "",
        details: {
          runId,
          trigger: opts.trigger,
          removed: Object.fromEntries(report.counts.map((count) => [count.kind, count.removed])),
        },
      });
      await updateRun(ctx.db, runId, {
        status: "done",
        running_key: null,
        report: JSON.stringify(report),
        finished_at: nowIso(),
      });
    } catch (error) {
      opts.log.error({ err: error }, "retention purge failed");
      await updateRun(ctx.db, runId, { status: "failed", running_key: null, finished_at: nowIso() }).catch(() => {});
    } finally {
      running.delete(runId);
    }
  })();
  running.set(runId, work);
  const row = await findRun(ctx.db, runId);
  if (!row) throw new Error("the run just started is gone");
  return runOf(ctx, row);
}

export async function listPurgeRuns(ctx: AppContext): Promise<{ items: RetentionRunSummary[] }> {
  await endStaleRun(ctx);
  const rows = await listRuns(ctx.db, 50);
  return {
    items: rows.map((row) => ({
      id: row.id,
      status: row.status as RetentionRun["status"],
      trigger: row.trigger as RetentionRun["trigger"],
      startedBy: row.started_by_email ?? null,
      startedAt: row.started_at,
      finishedAt: row.finished_at,
      done: Number(row.done),
      total: Number(row.total),
    })),
  };
}

export async function getPurgeRun(ctx: AppContext, id: number): Promise<RetentionRun> {
  const row = await findRun(ctx.db, id);
  if (!row) throw new AppError(404, "NOT_FOUND");
  return runOf(ctx, row);
}

/** The daily job: a run when the schedule is on and the last scheduled run is a day old. */
export async function runScheduledPurge(ctx: AppContext, log: FastifyBaseLogger, now = new Date()): Promise<void> {
  const settings = await readRetentionPeriods(ctx);
  if (!settings.automatic) return;
  const last = await lastScheduledRunAt(ctx.db);
  if (last && now.getTime() - Date.parse(last) < SCHEDULE_EVERY_MS) return;
  await startPurge(ctx, { trigger: "schedule", userId: null, log, now });
}
