import {
  type DataRightsActionBody,
  type DataRightsQueue,
  type DataRightsQueueQuery,
  type DataRightsState,
  isOpenDataRightsState,
  type StaffDataRightsDetail,
} from "@portal/shared/schemas/data-rights";
import type { AppContext } from "../../context.ts";
import { nowIso, writeTransaction } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { AppError } from "../../lib/errors.ts";
import type { CurrentUser } from "../../plugins/request-types.ts";
import * as repo from "./data-rights.repository.ts";
import { schoolToday } from "./data-rights-dates.ts";
import { queueDataRightsClosed } from "./data-rights-mail.ts";
import { staffView } from "./data-rights-view.ts";

/*
 * The staff's side (Secretaria, Admin; docs/rules/data-protection.md "Data-rights requests"): the
 * queue, oldest deadline first; a request taken in progress, then answered or refused with a
 * reason. Each step is audited; closing it queues the family's e-mail in the same transaction.
 * The erasure itself is not done here: staff carry it out with the erasure feature, then answer.
 */

/** Where each action may start from, and where it leads. */
const TRANSITIONS: Record<DataRightsActionBody["action"], { from: readonly DataRightsState[]; to: DataRightsState }> = {
  start: { from: ["received"], to: "inProgress" },
  answer: { from: ["received", "inProgress"], to: "answered" },
  refuse: { from: ["received", "inProgress"], to: "refused" },
};

const AUDIT_EVENT = {
  start: "dataRights.started",
  answer: "dataRights.answered",
  refuse: "dataRights.refused",
} as const;

/** GET /api/data-rights-requests: every family's requests, filtered by state and kind. */
export async function dataRightsQueue(ctx: AppContext, query: DataRightsQueueQuery): Promise<DataRightsQueue> {
  const today = schoolToday();
  const rows = await repo.findQueue(ctx.db, query);
  return { items: rows.map((row) => staffView(row, today)) };
}

async function requestOr404(ctx: AppContext, id: number): Promise<repo.RequestRow> {
  const row = await repo.findRequest(ctx.db, id);
  if (!row) throw new AppError(404, "DATA_RIGHTS_REQUEST_NOT_FOUND");
  return row;
}

/** GET /api/data-rights-requests/:id. */
export async function dataRightsRequest(ctx: AppContext, id: number): Promise<StaffDataRightsDetail> {
  const row = await requestOr404(ctx, id);
  // A request about a child erased since is about no enrollment request any more.
  const about =
    row.subject === "student" && row.student_id === null
      ? []
      : await repo.enrollmentRequestsAbout(ctx.db, row.family_user_id, row.student_id);
  return {
    ...staffView(row, schoolToday()),
    enrollmentRequests: about.map((request) => ({
      id: request.id,
      code: request.code,
      schoolYear: request.year_label,
      studentName: request.student_name,
    })),
  };
}

function refusedTransition(state: DataRightsState): AppError {
  return isOpenDataRightsState(state)
    ? new AppError(409, "DATA_RIGHTS_ALREADY_STARTED")
    : new AppError(409, "DATA_RIGHTS_REQUEST_CLOSED");
}

/**
 * POST /api/data-rights-requests/:id/actions: start (received → in progress), answer or refuse
 * (an open request → closed, with the text the family reads). A closed request, or one another
 * person changed meanwhile, answers 409 and changes nothing.
 */
export async function actOnDataRightsRequest(
  ctx: AppContext,
  user: CurrentUser,
  meta: { ip: string },
  id: number,
  body: DataRightsActionBody,
): Promise<StaffDataRightsDetail> {
  const before = await requestOr404(ctx, id);
  const state = before.state as DataRightsState;
  const { from, to } = TRANSITIONS[body.action];
  if (!from.includes(state)) throw refusedTransition(state);
  const now = nowIso();
  const values =
    body.action === "start"
      ? { state: to, started_at: now, started_by: user.id }
      : { state: to, closed_at: now, closed_by: user.id, answer: body.message ?? "" };
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    // Guarded by the state read above: of two people acting at once, the second is told.
    if (!(await repo.updateRequestIf(trx, id, [state], values))) {
      const current = await repo.findRequest(trx, id);
      throw refusedTransition((current?.state ?? "answered") as DataRightsState);
    }
    await recordAudit(trx, {
      event: AUDIT_EVENT[body.action],
      actorUserId: user.id,
      subjectUserId: before.family_user_id,
      ip: meta.ip,
      details: { dataRightsRequestId: id, rightsKind: before.kind, fromState: state, toState: to },
    });
    if (body.action !== "start") {
      const closed = await repo.findRequest(trx, id);
      if (closed) await queueDataRightsClosed(ctx, trx, closed);
    }
  });
  if (body.action !== "start") ctx.outbox.kick();
  return dataRightsRequest(ctx, id);
}
