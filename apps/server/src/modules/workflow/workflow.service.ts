import { translate } from "@portal/i18n/translate";
import type { StepId } from "@portal/shared/enrollment-steps";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "@portal/shared/languages";
import { rolesFor } from "@portal/shared/permissions";
import { asRequestStatus, isRequestStatus, type RequestStatus } from "@portal/shared/request-status";
import { checkBirthDate } from "@portal/shared/rules/birth-date-plausibility";
import { isLevelCode } from "@portal/shared/rules/levels";
import type {
  BulkActionBody,
  BulkResult,
  InternalReviewBody,
  RequestActionBody,
  RequestChecks,
  RequestDetail,
  RequestHistoryEntry,
} from "@portal/shared/schemas/workflow";
import {
  allowedActions,
  HISTORY_ACTIONS,
  type HistoryAction,
  transition,
  type WorkflowAction,
} from "@portal/shared/workflow";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context.ts";
import { nowIso, writeTransaction } from "../../db/database.ts";
import { findHouseholdAccounts } from "../../kernel/accounts.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { AppError } from "../../lib/errors.ts";
import type { CurrentUser } from "../../plugins/request-types.ts";
import { sharedEmailsCheck } from "../enrollment/representative-emails.service.ts";
import { listDuplicateAttempts } from "../enrollment/student-identity.repository.ts";
import { statusLabel } from "../status-texts/status-text-lookup.ts";
import { parseCorrectionSteps, reopenForCorrection } from "./correction.service.ts";
import {
  type ChangeRow,
  findBirthDate,
  findRequestDetailRow,
  findRequestsForChange,
  findUserNames,
  insertHistory,
  listHistory,
  type RequestDetailRow,
  updateInternalReviewIf,
  updateStatusIf,
} from "./workflow.repository.ts";
import { queueStatusChangeMail } from "./workflow-mail.ts";

/** What a change needs from the HTTP request: the caller's language and address, a logger, the portal link. */
export interface ChangeMeta {
  lang: Language;
  ip: string;
  log: FastifyBaseLogger;
  /** The family's welcome page (absolute), for the e-mails. */
  portalLink: string;
}

const notFound = () => new AppError(404, "REQUEST_NOT_FOUND");
const versionConflict = () => new AppError(409, "VERSION_CONFLICT");

/** The status as the school names it (Settings › Request statuses) and the action, for a message. */
async function labels(ctx: AppContext, lang: Language, status: string, action: WorkflowAction) {
  return {
    status: await statusLabel(ctx, lang, status),
    action: translate(lang, `common:workflowAction.${action}`),
  };
}

const transitionNotAllowed = async (ctx: AppContext, lang: Language, status: string, action: WorkflowAction) =>
  new AppError(409, "TRANSITION_NOT_ALLOWED", await labels(ctx, lang, status, action));

export const personName = (row: {
  names: string | null;
  first_surname: string | null;
  second_surname: string | null;
}) => [row.names, row.first_surname, row.second_surname].filter(Boolean).join(" ");

export function historyAction(value: string): HistoryAction {
  if (!(HISTORY_ACTIONS as readonly string[]).includes(value)) throw new Error(`unknown history action: ${value}`);
  return value as HistoryAction;
}

/**
 * What the staff should look at before deciding — a birth date far from the level's usual age,
 * the family accounts refused this student's identification, and the representatives' e-mails
 * other families' requests give too (spec 5 "same e-mail").
 */
async function checksOf(ctx: AppContext, row: RequestDetailRow): Promise<RequestChecks> {
  const [birthDate, attempts, shared] = await Promise.all([
    findBirthDate(ctx.db, row.file_id),
    listDuplicateAttempts(ctx.db, row.student_id),
    sharedEmailsCheck(ctx, row.file_id, row.family_user_id),
  ]);
  const level = isLevelCode(row.level_code) ? row.level_code : null;
  const check = checkBirthDate({ birthDate, level, schoolYearStartsOn: row.school_year_starts_on });
  return {
    birthDate:
      check && !check.plausible && birthDate && level
        ? { birthDate, levelCode: level, usualBirthYear: check.usualBirthYear, yearsOff: check.yearsOff }
        : null,
    duplicateAttempts: attempts.map((a) => ({
      family: { id: a.family_user_id, name: personName(a), email: a.email },
      attempts: a.attempts,
      firstAt: a.first_at,
      lastAt: a.last_at,
    })),
    ...shared,
  };
}

async function detailOf(ctx: AppContext, user: CurrentUser, row: RequestDetailRow): Promise<RequestDetail> {
  const [history, reviewers, checks, household] = await Promise.all([
    listHistory(ctx.db, row.id),
    findUserNames(
      ctx.db,
      [row.internal_review_by, row.internal_review_resolved_by].filter((id): id is number => id !== null),
    ),
    checksOf(ctx, row),
    findHouseholdAccounts(ctx.db, row.family_user_id),
  ]);
  const reviewer = (id: number | null) => {
    const found = id === null ? undefined : reviewers.find((r) => r.id === id);
    return found ? { id: found.id, name: personName(found) } : null;
  };
  const status = asRequestStatus(row.request_status);
  const canManage = rolesFor("inscriptionsManage").includes(user.role);
  return {
    id: row.id,
    code: row.code,
    status,
    photoStatus: row.photo_status,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    schoolYear: { id: row.school_year_id, label: row.school_year_label },
    levelCode: isLevelCode(row.level_code) ? row.level_code : null,
    isNewStudent: row.is_new_student === 1,
    isTestData: row.is_test_data === 1,
    fileId: row.file_id,
    student: { id: row.student_id, name: row.student_name, documentNumber: row.document_number },
    family: {
      id: row.user_id,
      name: personName({
        names: row.family_names,
        first_surname: row.family_first_surname,
        second_surname: row.family_second_surname,
      }),
      email: row.family_email,
      language: isLanguage(row.family_language) ? row.family_language : DEFAULT_LANGUAGE,
    },
    household: household.map((account) => ({
      id: account.id,
      name: personName(account),
      email: account.email,
      owner: account.id === row.family_user_id,
    })),
    history: history.map(
      (h): RequestHistoryEntry => ({
        id: h.id,
        at: h.created_at,
        from: h.from_status === null ? null : asRequestStatus(h.from_status),
        to: asRequestStatus(h.to_status),
        action: historyAction(h.action),
        comment: h.comment,
        by: h.user_id === null ? null : { id: h.user_id, name: personName(h) },
      }),
    ),
    internalReview: {
      flagged: row.internal_review === 1,
      note: row.internal_review_note,
      by: reviewer(row.internal_review_by),
      at: row.internal_review_at,
      resolvedBy: reviewer(row.internal_review_resolved_by),
      resolvedAt: row.internal_review_resolved_at,
    },
    correction:
      status === "InProcess" && row.correction_message !== null
        ? { message: row.correction_message, steps: parseCorrectionSteps(row.correction_steps) }
        : null,
    allowedActions: canManage ? allowedActions(status, user.role) : [],
    canManage,
    checks,
  };
}

/** GET /api/requests/:id (Admin, Secretaria, Consulta). */
export async function getRequestDetail(ctx: AppContext, user: CurrentUser, id: number): Promise<RequestDetail> {
  const row = await findRequestDetailRow(ctx.db, id);
  if (!row) throw notFound();
  return detailOf(ctx, user, row);
}

/**
 * One status change in its own transaction: the guarded update (still at the version read and in
 * the status read), the history row, the audit event and, for a correction request, the file
 * reopened. False when the guard failed (someone changed the request since it was read).
 */
async function commitChange(
  ctx: AppContext,
  user: CurrentUser,
  meta: ChangeMeta,
  change: {
    row: ChangeRow;
    action: WorkflowAction;
    to: RequestStatus;
    comment: string | null;
    correction: { message: string; steps: readonly StepId[] } | null;
    bulk: boolean;
  },
): Promise<boolean> {
  const { row, action, to, correction } = change;
  const now = nowIso();
  return writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const updated = await updateStatusIf(trx, {
      id: row.id,
      version: row.version,
      from: row.request_status,
      to,
      now,
      correction,
    });
    if (!updated) return false;
    // A correction's message goes to the history too: the request forgets it once the family sends again.
    const comment = correction
      ? [change.comment, correction.message].filter(Boolean).join("\n\n")
      : (change.comment ?? null);
    await insertHistory(trx, {
      requestId: row.id,
      from: row.request_status,
      to,
      action,
      comment,
      userId: user.id,
      now,
    });
    await recordAudit(trx, {
      event: "request.statusChanged",
      actorUserId: user.id,
      subjectUserId: row.user_id,
      ip: meta.ip,
      details: {
        requestId: row.id,
        code: row.code,
        from: row.request_status,
        to,
        action,
        ...(correction ? { steps: correction.steps } : {}),
        ...(change.bulk ? { bulk: true } : {}),
      },
    });
    if (correction) await reopenForCorrection(trx, row.file_id, correction.steps, now);
    await queueStatusChangeMail(ctx, trx, {
      requestId: row.id,
      to,
      comment: change.comment,
      correction,
      link: meta.portalLink,
    });
    return true;
  });
}

/** POST /api/requests/:id/actions (Admin, Secretaria). Answers the request's detail after the change. */
export async function applyAction(
  ctx: AppContext,
  user: CurrentUser,
  meta: ChangeMeta,
  id: number,
  body: RequestActionBody,
): Promise<RequestDetail> {
  const [row] = await findRequestsForChange(ctx.db, [id]);
  if (!row) throw notFound();
  if (row.version !== body.expectedVersion) throw versionConflict();
  const to = transition(row.request_status, body.action, user.role);
  if (!to) throw await transitionNotAllowed(ctx, meta.lang, row.request_status, body.action);
  const correction =
    body.action === "requestCorrection" && body.message && body.steps
      ? { message: body.message, steps: body.steps }
      : null;
  const comment = body.comment ?? null;
  if (!(await commitChange(ctx, user, meta, { row, action: body.action, to, comment, correction, bulk: false }))) {
    throw versionConflict();
  }
  ctx.outbox.kick();
  return getRequestDetail(ctx, user, id);
}

/**
 * POST /api/requests/bulk-actions (Admin, Secretaria): each record on its own (its own
 * transaction), in the order given; the answer says which changed and why the others did not.
 */
export async function applyBulkAction(
  ctx: AppContext,
  user: CurrentUser,
  meta: ChangeMeta,
  body: BulkActionBody,
): Promise<BulkResult> {
  const rows = new Map((await findRequestsForChange(ctx.db, body.ids)).map((row) => [row.id, row]));
  const comment = body.comment ?? null;
  const result: BulkResult = { changed: [], unchanged: [] };
  for (const id of body.ids) {
    const row = rows.get(id);
    if (!row) {
      result.unchanged.push({
        id,
        code: null,
        reason: "NOT_FOUND",
        status: null,
        message: translate(meta.lang, "errors:REQUEST_NOT_FOUND"),
      });
      continue;
    }
    const status = isRequestStatus(row.request_status) ? row.request_status : null;
    const to = transition(row.request_status, body.action, user.role);
    if (!to) {
      result.unchanged.push({
        id,
        code: row.code,
        reason: "TRANSITION_NOT_ALLOWED",
        status,
        message: translate(
          meta.lang,
          "errors:TRANSITION_NOT_ALLOWED",
          await labels(ctx, meta.lang, row.request_status, body.action),
        ),
      });
      continue;
    }
    const changed = await commitChange(ctx, user, meta, {
      row,
      action: body.action,
      to,
      comment,
      correction: null,
      bulk: true,
    });
    if (!changed) {
      result.unchanged.push({
        id,
        code: row.code,
        reason: "VERSION_CONFLICT",
        status,
        message: translate(meta.lang, "errors:VERSION_CONFLICT"),
      });
      continue;
    }
    result.changed.push({ id, code: row.code, from: asRequestStatus(row.request_status), to });
  }
  if (result.changed.length > 0) ctx.outbox.kick();
  return result;
}

/**
 * PUT /api/requests/:id/internal-review (Admin, Secretaria): sets the flag with its note, or clears
 * it (recording who resolved it). Internal: the family is not told. Clearing a flag that is not
 * set changes nothing.
 */
export async function setInternalReview(
  ctx: AppContext,
  user: CurrentUser,
  meta: ChangeMeta,
  id: number,
  body: InternalReviewBody,
): Promise<RequestDetail> {
  const row = await findRequestDetailRow(ctx.db, id);
  if (!row) throw notFound();
  if (row.version !== body.expectedVersion) throw versionConflict();
  if (!body.flagged && row.internal_review === 0) return detailOf(ctx, user, row);
  const now = nowIso();
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const updated = await updateInternalReviewIf(trx, {
      id,
      version: row.version,
      flagged: body.flagged,
      note: body.note ?? null,
      userId: user.id,
      now,
    });
    if (!updated) throw versionConflict();
    await insertHistory(trx, {
      requestId: id,
      from: row.request_status,
      to: row.request_status,
      action: body.flagged ? "flagInternalReview" : "resolveInternalReview",
      comment: body.note ?? null,
      userId: user.id,
      now,
    });
    await recordAudit(trx, {
      event: "request.internalReview",
      actorUserId: user.id,
      subjectUserId: row.user_id,
      ip: meta.ip,
      details: { requestId: id, code: row.code, flagged: body.flagged },
    });
  });
  return getRequestDetail(ctx, user, id);
}
