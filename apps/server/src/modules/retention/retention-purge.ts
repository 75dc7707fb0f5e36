import path from "node:path";
import type { RetentionKind } from "@portal/shared/retention";
import type { RunReport } from "@portal/shared/schemas/retention";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context.ts";
import { nowIso, writeTransaction } from "../../db/database.ts";
import { removeStoredFile } from "../../lib/stored-files.ts";
import { sweepDataExports } from "../data-export/data-export.service.ts";
import { purgeElectionRegisters } from "../elections/register-purge.ts";
import { updateRun } from "./retention.repository.ts";
import { eraseExpiredApplicant } from "./retention-applicants.ts";
import {
  deleteMedicalSteps,
  deleteOldAudit,
  deleteOldMails,
  deleteStoredDocuments,
  deleteUploads,
  updateStepData,
} from "./retention-deletions.repository.ts";
import type { PurgePlan } from "./retention-plan.ts";
import { listFamilySteps } from "./retention-selection.repository.ts";
import { referencedUploadIds, type StudentPlan, withoutUploads } from "./retention-selection.ts";

/**
 * Applies a purge plan (retention-plan.ts): each student's item in a transaction of its own, then
 * the old e-mails and audit entries, the expired archives, the election registers. Rows go in the
 * transaction and their files right after it commits, so a crash leaves at most a file nobody
 * points at, never a row whose file is gone. Returns the run's report.
 */

const filesDir = (ctx: AppContext) => path.join(ctx.config.dataDir, "files");

/** A step's saved JSON; an unreadable one points at nothing. */
function parsed(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return null;
  }
}

/**
 * Removes one student's uploads of the plan, the references to them in the student's own steps,
 * and (for the medical record) its steps and drafts.
 */
async function removeStudentUploads(
  ctx: AppContext,
  plan: StudentPlan,
  uploads: PurgePlan["documentUploads"],
  medical: boolean,
): Promise<void> {
  const own = new Set(plan.fileIds);
  const keys: string[] = [];
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const familySteps = await listFamilySteps(trx, plan.familyId);
    // The plan left out uploads another student's file uses; checked again here, in the
    // transaction, in case a brother's file started using one since.
    const usedElsewhere = new Set<number>();
    for (const step of familySteps) if (!own.has(step.file_id)) referencedUploadIds(parsed(step.data), usedElsewhere);
    const removed = uploads.filter((upload) => upload.student_id === plan.studentId && !usedElsewhere.has(upload.id));
    const removedIds = new Set(removed.map((upload) => upload.id));
    if (medical) await deleteMedicalSteps(trx, plan.fileIds);
    for (const step of familySteps) {
      if (!own.has(step.file_id) || (medical && step.step === "medicalRecord")) continue;
      const stripped = withoutUploads(parsed(step.data), removedIds);
      if (stripped !== undefined) await updateStepData(trx, step.file_id, step.step, JSON.stringify(stripped));
    }
    await deleteUploads(trx, [...removedIds]);
    keys.push(...(await deleteStoredDocuments(trx, plan.fileIds)));
    for (const upload of removed) {
      keys.push(upload.storage_key);
      if (upload.original_storage_key) keys.push(upload.original_storage_key);
    }
  });
  for (const key of keys) removeStoredFile(filesDir(ctx), key);
}

export async function applyPurgePlan(
  ctx: AppContext,
  run: { id: number; actorUserId: number | null },
  plan: PurgePlan,
  log: FastifyBaseLogger,
): Promise<RunReport> {
  const runId = run.id;
  const actionable = plan.items.filter((item) => !item.kept);
  const total = actionable.length + 4;
  let done = 0;
  const step = async () => {
    done += 1;
    await updateRun(ctx.db, runId, { done, total, heartbeat_at: nowIso() });
  };
  await updateRun(ctx.db, runId, { total });
  const removed = new Map<RetentionKind, number>();
  const add = (kind: RetentionKind, n: number) => removed.set(kind, (removed.get(kind) ?? 0) + n);
  const items: RunReport["items"] = [];
  for (const item of plan.items) {
    // No name stored: the report is kept, the child may be erased later (retention.service.ts withNames).
    const entry = {
      kind: item.kind,
      studentId: item.studentId as number | null,
      label: null,
      schoolYear: item.schoolYear,
    };
    if (item.kept) {
      items.push({ ...entry, kept: item.kept });
      continue;
    }
    try {
      let removedOne = true;
      if (item.kind === "applicantDocuments") await removeStudentUploads(ctx, item, plan.documentUploads, false);
      else if (item.kind === "medicalRecords") await removeStudentUploads(ctx, item, plan.medicalUploads, true);
      else if (item.kind === "applicants") {
        removedOne = await eraseExpiredApplicant(ctx, item.studentId, { userId: run.actorUserId });
      }
      add(item.kind, removedOne ? 1 : 0);
      // An erased applicant keeps no id either: it would point at nothing, or at a reused number.
      items.push({ ...entry, ...(item.kind === "applicants" ? { studentId: null } : {}), kept: null });
    } catch (error) {
      log.warn({ err: error, kind: item.kind, studentId: item.studentId }, "retention purge: an item failed");
      items.push({ ...entry, kept: { reason: "failed", holdReason: null } });
    }
    await step();
  }
  add("sentEmails", await deleteOldMails(ctx.db, plan.mailCutoff, plan.held));
  await step();
  add("auditLog", await deleteOldAudit(ctx.db, plan.auditCutoff, plan.held));
  await step();
  const archives = plan.counts.find((count) => count.kind === "dataExports")?.toRemove ?? 0;
  await sweepDataExports(ctx);
  add("dataExports", archives);
  await step();
  add("electionRegisters", (await purgeElectionRegisters(ctx, new Date(plan.asOf))).length);
  await step();
  const counts = plan.counts.map((count) => ({
    kind: count.kind,
    removed: removed.get(count.kind) ?? 0,
    kept: count.kept + items.filter((item) => item.kind === count.kind && item.kept?.reason === "failed").length,
  }));
  return { counts, items };
}
