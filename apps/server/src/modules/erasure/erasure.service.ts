import { rolesFor } from "@portal/shared/permissions";
import type { Role } from "@portal/shared/roles";
import {
  ERASURE_ITEMS,
  type ErasureItem,
  type ErasurePreview,
  type ErasureResult,
  type ErasureScope,
} from "@portal/shared/schemas/erasure";
import type { AppContext } from "../../context.ts";
import { type Db, nowIso, writeTransaction } from "../../db/database.ts";
import { emptySqliteWal } from "../../db/sqlite-freed-data.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { randomToken } from "../../lib/crypto.ts";
import { AppError } from "../../lib/errors.ts";
import { type ErasedValues, scrubDetails } from "./audit-scrub.ts";
import * as repo from "./erasure.repository.ts";
import * as writes from "./erasure-delete.repository.ts";
import { removeErasedFiles, sweepErasedFiles } from "./erasure-files.ts";
import { type ErasurePlan, planErasure } from "./erasure-plan.ts";

/*
 * Erasure at the family's request (LOPDP art. 15; docs/rules/data-protection.md "Erasure"), and the
 * functions the scheduled retention purge reuses: `previewApplicantErasure` and `eraseApplicant`.
 * Rows go in one transaction that also lists the files to remove; the files go after the commit.
 */

/** Who erases: a staff member (checked against `applicantErasure`) or the portal itself (a purge). */
export interface ErasureActor {
  userId: number | null;
  role: Role | "system";
  ip: string;
}

function checkActor(actor: ErasureActor): void {
  if (actor.role === "system") return;
  if (!(rolesFor("applicantErasure") as readonly string[]).includes(actor.role)) throw new AppError(403, "FORBIDDEN");
}

function erasedValues(plan: ErasurePlan): ErasedValues {
  return {
    fileIds: new Set(plan.erasedFiles.map((f) => f.id)),
    requestIds: new Set(plan.erasedFiles.flatMap((f) => (f.requestId === null ? [] : [f.requestId]))),
    studentIds: new Set(plan.studentRowsErased),
    uploadIds: new Set(plan.uploadIds),
    accountIds: new Set(plan.deletedAccountIds),
    texts: [
      ...plan.erasedFiles.flatMap((f) => (f.code ? [f.code] : [])),
      ...plan.studentTexts,
      ...plan.accounts.filter((a) => plan.deletedAccountIds.includes(a.id)).map((a) => a.email),
    ].filter((text) => text.trim().length >= 3),
  };
}

interface AuditChange {
  id: number;
  details: string | null;
  actor_user_id: number | null;
  subject_user_id: number | null;
  ip?: string;
}

/** The audit rows that name the erased, each as it will be kept (see audit-scrub.ts). */
async function auditChanges(db: Db, plan: ErasurePlan, ref: string): Promise<AuditChange[]> {
  const erased = erasedValues(plan);
  const ids = [...erased.fileIds, ...erased.requestIds, ...erased.studentIds, ...erased.uploadIds];
  const rows = await repo.findAuditCandidates(db, [...erased.accountIds], ids, erased.texts);
  const changes: AuditChange[] = [];
  for (const row of rows) {
    const details = row.details === null ? null : (JSON.parse(row.details) as unknown);
    const scrubbed = scrubDetails(details, erased);
    const byErased = row.actor_user_id !== null && erased.accountIds.has(row.actor_user_id);
    const aboutErased = row.subject_user_id !== null && erased.accountIds.has(row.subject_user_id);
    if (scrubbed === null && !byErased && !aboutErased) continue;
    const base = (scrubbed ?? details ?? {}) as Record<string, unknown>;
    changes.push({
      id: row.id,
      details: JSON.stringify({ ...base, erasure: ref }),
      actor_user_id: byErased ? null : row.actor_user_id,
      subject_user_id: aboutErased ? null : row.subject_user_id,
      // The family's own address is its personal data; a staff member's stays (accountability).
      ...(byErased ? { ip: "" } : {}),
    });
  }
  return changes;
}

/** What an erasure can remove, in the catalogue's order: election accounts and audit rows are only ever kept. */
const KEPT_ONLY: readonly ErasureItem[] = ["electionAccounts", "auditEntries"];
const REMOVED_ORDER = ERASURE_ITEMS.filter((item) => !KEPT_ONLY.includes(item));

function removedItems(plan: ErasurePlan) {
  return REMOVED_ORDER.map((item) => ({ item, count: plan.counts[item] ?? 0 })).filter((entry) => entry.count > 0);
}

function keptItems(plan: ErasurePlan, auditEntries: number): ErasurePreview["kept"] {
  const requests = plan.keptFiles.filter((f) => f.requestId !== null).length;
  const studentKept = plan.studentIds.length > plan.studentRowsErased.length ? 1 : 0;
  const kept: ErasurePreview["kept"] = [
    { item: "students", count: studentKept, reason: "enrollmentRecord" },
    { item: "enrollmentFiles", count: plan.keptFiles.length, reason: "enrollmentRecord" },
    { item: "requests", count: requests, reason: "enrollmentRecord" },
    { item: "uploads", count: plan.keptUploads, reason: "enrollmentRecord" },
    { item: "storedDocuments", count: plan.keptDocuments, reason: "enrollmentRecord" },
    { item: "electionAccounts", count: plan.anonymisedAccountIds.length, reason: "electionRecord" },
    { item: "auditEntries", count: auditEntries, reason: "accountability" },
  ];
  return kept.filter((entry) => entry.count > 0);
}

const isEmpty = (plan: ErasurePlan) => removedItems(plan).length === 0 && plan.anonymisedAccountIds.length === 0;

async function familyErasable(db: Db, studentId: number): Promise<boolean> {
  try {
    await planErasure(db, studentId, "family");
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === "ERASURE_FAMILY_ENROLLED") return false;
    throw error;
  }
}

/** What erasing this child (or its family) removes and keeps, each kept item with its reason. */
export async function previewApplicantErasure(
  ctx: AppContext,
  studentId: number,
  actor: ErasureActor,
  scope: ErasureScope = "applicant",
): Promise<ErasurePreview> {
  checkActor(actor);
  const plan = await planErasure(ctx.db, studentId, scope);
  const audit = await auditChanges(ctx.db, plan, "preview");
  return {
    scope,
    studentName: plan.studentName,
    familyErasable: scope === "family" ? true : await familyErasable(ctx.db, studentId),
    removed: removedItems(plan),
    kept: keptItems(plan, audit.length),
    nothingToErase: isEmpty(plan),
  };
}

/**
 * Erases this child's data that no legal duty keeps (or, `family`, the whole never-enrolled family
 * with its accounts): 404 for a child that is no more, 409 ERASURE_NOTHING_LEFT when only kept
 * records remain, 409 ERASURE_FAMILY_ENROLLED, 409 ERASURE_EXPORT_RUNNING while a "My data"
 * archive is being written. Audited with an opaque reference and counts only.
 */
export async function eraseApplicant(
  ctx: AppContext,
  studentId: number,
  actor: ErasureActor,
  opts: { scope?: ErasureScope } = {},
): Promise<ErasureResult> {
  checkActor(actor);
  const scope = opts.scope ?? "applicant";
  const ref = randomToken(12);
  const plan = await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const plan = await planErasure(trx, studentId, scope);
    if (isEmpty(plan)) throw new AppError(409, "ERASURE_NOTHING_LEFT");
    if (plan.exportRunning) throw new AppError(409, "ERASURE_EXPORT_RUNNING");
    const at = nowIso();
    await writes.insertPendingFiles(trx, ref, plan.paths, at);
    const audit = await auditChanges(trx, plan, ref);
    for (const change of audit) await writes.updateAuditRow(trx, change.id, change);
    const requestIds = plan.erasedFiles.flatMap((f) => (f.requestId === null ? [] : [f.requestId]));
    plan.counts.emails = await writes.deleteEmails(trx, requestIds, plan.deletedAccountIds);
    const erasedFileIds = plan.erasedFiles.map((f) => f.id);
    await writes.deleteDuplicateAttempts(trx, erasedFileIds, plan.studentRowsErased);
    await writes.deleteUploads(trx, plan.uploadIds);
    await writes.deleteDrafts(
      trx,
      plan.keptFiles.map((f) => f.id),
    );
    await writes.deleteFiles(trx, erasedFileIds);
    await writes.deleteStudents(trx, plan.studentRowsErased);
    await writes.deleteExports(trx, plan.exportIds);
    if (scope === "family") {
      const accountIds = plan.accounts.map((a) => a.id);
      await writes.deleteInvitations(trx, accountIds);
      await writes.anonymiseAccounts(trx, plan.anonymisedAccountIds, ref, at);
      await writes.deleteAccounts(trx, plan.deletedAccountIds, plan.familyId);
    }
    plan.counts.auditEntries = audit.length;
    await recordAudit(trx, {
      event: scope === "family" ? "erasure.familyErased" : "erasure.applicantErased",
      actorUserId: actor.userId,
      // The family erased is no more: the reference alone links this row to the scrubbed ones.
      subjectUserId: scope === "family" ? null : plan.familyId,
      ip: actor.ip,
      details: {
        reference: ref,
        by: actor.role === "system" ? "system" : "staff",
        removed: Object.fromEntries(removedItems(plan).map((r) => [r.item, r.count])),
        kept: Object.fromEntries(keptItems(plan, audit.length).map((k) => [k.item, k.count])),
        files: plan.paths.length,
      },
    });
    return plan;
  });
  // Busy only while a backup tool reads the file: the next erasure or ballot batch empties it.
  await emptySqliteWal(ctx.db, ctx.engine);
  const filesPending = await removeErasedFiles(ctx, plan.paths);
  return { reference: ref, removed: removedItems(plan), filesPending, requestKept: plan.keptFiles.length > 0 };
}

/** The staff request page's preview: the request's child. */
export async function previewFromRequest(
  ctx: AppContext,
  actor: ErasureActor,
  requestId: number,
  scope: ErasureScope,
): Promise<ErasurePreview> {
  checkActor(actor);
  return previewApplicantErasure(ctx, await studentOfRequest(ctx.db, requestId), actor, scope);
}

const comparable = (name: string) => name.normalize("NFC").trim().replace(/\s+/g, " ").toLocaleLowerCase("es");

/** The staff request page's erasure: the child's name typed to confirm, then `eraseApplicant`. */
export async function eraseFromRequest(
  ctx: AppContext,
  actor: ErasureActor,
  requestId: number,
  body: { scope: ErasureScope; confirmName: string },
): Promise<ErasureResult> {
  checkActor(actor);
  const studentId = await studentOfRequest(ctx.db, requestId);
  const student = await repo.findStudent(ctx.db, studentId);
  if (!student) throw new AppError(404, "NOT_FOUND");
  if (comparable(body.confirmName) !== comparable(student.student_name)) {
    throw new AppError(400, "ERASURE_NAME_MISMATCH");
  }
  // Files an earlier erasure could not remove are retried first (the disk may be back).
  await sweepErasedFiles(ctx).catch(() => 0);
  return eraseApplicant(ctx, studentId, actor, { scope: body.scope });
}

async function studentOfRequest(db: Db, requestId: number): Promise<number> {
  const row = await repo.findStudentOfRequest(db, requestId);
  if (!row) throw new AppError(404, "NOT_FOUND");
  return row.student_id;
}
