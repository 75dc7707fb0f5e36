import { isStepId, STEP_IDS, type StepId } from "@portal/shared/enrollment-steps";
import type { Updateable } from "kysely";
import type { Db } from "../../db/database.ts";
import type { RequestsTable } from "../../db/types.ts";
import { AppError } from "../../lib/errors.ts";
import { insertHistory } from "./workflow.repository.ts";

/*
 * The correction round trip ("Request user correction"):
 *
 * 1. Staff ask for a correction (action `requestCorrection`): the request goes to InProcess with a
 *    message and the steps to reopen; in the same transaction `reopenForCorrection` turns the file
 *    back into a draft and marks the reopened steps incomplete.
 * 2. The family sees the message on the welcome card (`correctionOf`, used by listCards), the
 *    wizard opens at the first reopened step (the file's `nextStep`), and only the reopened steps
 *    can be saved (`assertStepReopened`, called by saveStep for a draft that was sent before).
 * 3. Sending again (sendFile) finds the request and `resendAfterCorrection` returns it to
 *    Untreated (history entry by the family, version + 1, correction cleared) instead of creating
 *    a second request; sendFile locks the file again as on a first send.
 *
 * Why a draft and not "sent + a check on the request": the wizard already shows a draft as
 * editable and a sent file as read-only, the welcome card already shows a draft as "in progress"
 * with its next step, and uploads, the summary's send button and the guarded step save all work
 * on drafts. Keeping "sent" would need every one of those to learn about corrections. The only
 * rule a draft does not carry by itself is "only the reopened steps": the file's `sent_at` (set by
 * the first send, never cleared) tells saveStep that this draft is a correction, and only then
 * does it read the request (so a first enrollment's step saves cost no extra query).
 */

/** The stored JSON list of reopened steps, in wizard order; [] for anything unreadable. */
export function parseCorrectionSteps(json: string | null | undefined): StepId[] {
  if (!json) return [];
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? STEP_IDS.filter((step) => value.includes(step) && isStepId(step)) : [];
  } catch {
    return [];
  }
}

/**
 * Inside the correction request's transaction: the file becomes a draft again and the reopened
 * steps incomplete (their data is kept, so the family sees what it wrote and changes what is
 * needed). The family must save each reopened step again before sendFile accepts the file.
 */
export async function reopenForCorrection(
  trx: Db,
  fileId: number,
  steps: readonly StepId[],
  now: string,
): Promise<void> {
  await trx
    .updateTable("enrollment_files")
    .set({ status: "draft", updated_at: now })
    .where("id", "=", fileId)
    .where("status", "=", "sent")
    .execute();
  if (steps.length === 0) return;
  await trx
    .updateTable("enrollment_steps")
    .set({ completed_at: null, updated_at: now })
    .where("file_id", "=", fileId)
    .where("step", "in", [...steps])
    .execute();
}

/** A welcome card's correction fields: the message and the reopened steps while InProcess. */
export function correctionOf(
  request: { request_status: string; correction_message: string | null; correction_steps: string | null } | undefined,
): { correctionMessage: string | null; reopenedSteps: StepId[] } {
  if (request?.request_status !== "InProcess") return { correctionMessage: null, reopenedSteps: [] };
  return {
    correctionMessage: request.correction_message,
    reopenedSteps: parseCorrectionSteps(request.correction_steps),
  };
}

/**
 * saveStep on a draft that was sent before (`sent_at` set): only a step the school reopened may
 * be saved, while the request waits for the family (InProcess). Anything else: 409 FILE_LOCKED.
 * Answers the reopened steps (for the file's summary).
 */
export async function assertStepReopened(db: Db, fileId: number, step: StepId): Promise<StepId[] | null> {
  const reopened = await correctionStepsOf(db, fileId);
  if (reopened === null) return null; // never sent as a request (cannot happen with sent_at set): a plain draft
  if (!reopened.includes(step)) throw new AppError(409, "FILE_LOCKED");
  return reopened;
}

/**
 * The steps a file's family may change while the school waits for its correction; [] when the
 * request is not waiting for the family (nothing may change), null when the file has no request.
 */
async function correctionStepsOf(db: Db, fileId: number): Promise<StepId[] | null> {
  const request = await db
    .selectFrom("requests")
    .select(["request_status", "correction_steps"])
    .where("file_id", "=", fileId)
    .executeTakeFirst();
  if (!request) return null;
  return request.request_status === "InProcess" ? parseCorrectionSteps(request.correction_steps) : [];
}

/** A file summary's `reopenedSteps`: null unless the file is a draft that was sent before (a correction). */
export async function reopenedStepsOf(
  db: Db,
  file: { id: number; status: string; sent_at: string | null },
): Promise<StepId[] | null> {
  if (file.status !== "draft" || file.sent_at === null) return null;
  return correctionStepsOf(db, file.id);
}

/**
 * Inside sendFile's transaction, after the file is locked again: if the file already has a
 * request waiting for the family's correction, it goes back to Untreated (version + 1, the
 * correction cleared, a history row by the family) and its code and creation time are answered;
 * null when the file has no request yet (a first send: sendFile creates it).
 *
 * A request in any other status makes sendFile fail (409 FILE_LOCKED) rather than create a second
 * request for the file. `columns` are written too: what the staff lists copy from the steps
 * (`requestListColumns`), which the correction may have changed.
 */
export async function resendAfterCorrection(
  trx: Db,
  sent: { fileId: number; userId: number; now: string; columns?: Updateable<RequestsTable> },
): Promise<{ id: number; code: string; createdAt: string } | null> {
  const request = await trx
    .selectFrom("requests")
    .select(["id", "code", "request_status", "created_at"])
    .where("file_id", "=", sent.fileId)
    .executeTakeFirst();
  if (!request) return null;
  const updated = await trx
    .updateTable("requests")
    .set((eb) => ({
      ...sent.columns,
      request_status: "Untreated",
      version: eb("version", "+", 1),
      updated_at: sent.now,
      correction_message: null,
      correction_steps: null,
    }))
    .where("id", "=", request.id)
    .where("request_status", "=", "InProcess")
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new AppError(409, "FILE_LOCKED");
  await insertHistory(trx, {
    requestId: request.id,
    from: "InProcess",
    to: "Untreated",
    action: "send",
    comment: null,
    userId: sent.userId,
    now: sent.now,
  });
  return { id: request.id, code: request.code, createdAt: request.created_at };
}
