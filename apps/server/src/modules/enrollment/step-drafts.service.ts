import type { StepId } from "@portal/shared/enrollment-steps";
import type { StepDraft, StepDraftBody } from "@portal/shared/schemas/step-drafts";
import type { AppContext } from "../../context.ts";
import { nowIso } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import type { CurrentUser } from "../../plugins/request-types.ts";
import { findFileWithStudent } from "./enrollment.repository.ts";
import { deleteStepDraft, findStepDraft, upsertStepDraft } from "./step-drafts.repository.ts";

/**
 * A wizard step's unsaved typing (issue #14): the family's own files only, while the file can
 * change. Drafts are the family's scratch paper, not the record: staff never read them, nothing
 * is audited, and the step's save (the family's or a staff correction) makes them stale.
 */
async function ownEditableFile(ctx: AppContext, user: CurrentUser, fileId: number): Promise<{ editable: boolean }> {
  const found = await findFileWithStudent(ctx.db, fileId);
  if (!found) throw new AppError(404, "NOT_FOUND");
  if (found.student.family_user_id !== user.familyId) throw new AppError(403, "NOT_YOUR_STUDENT");
  return { editable: found.file.status === "draft" };
}

export async function getStepDraft(
  ctx: AppContext,
  user: CurrentUser,
  fileId: number,
  step: StepId,
): Promise<StepDraft> {
  const { editable } = await ownEditableFile(ctx, user, fileId);
  const draft = await findStepDraft(ctx.db, fileId, step);
  if (!draft) return null;
  // Saved since (by the family on another device, or corrected by the school), or sent: what was
  // typed before is older than the record and must not come back over it.
  if (!editable || (draft.stepSavedAt !== null && draft.stepSavedAt >= draft.updatedAt)) {
    await deleteStepDraft(ctx.db, fileId, step);
    return null;
  }
  return { values: JSON.parse(draft.valuesJson) as Record<string, unknown>, savedAt: draft.updatedAt };
}

export async function saveStepDraft(
  ctx: AppContext,
  user: CurrentUser,
  fileId: number,
  step: StepId,
  body: StepDraftBody,
): Promise<{ savedAt: string }> {
  const { editable } = await ownEditableFile(ctx, user, fileId);
  if (!editable) throw new AppError(409, "FILE_LOCKED");
  const savedAt = nowIso();
  await upsertStepDraft(ctx.db, { fileId, step, valuesJson: JSON.stringify(body.values), updatedAt: savedAt });
  return { savedAt };
}

export async function discardStepDraft(
  ctx: AppContext,
  user: CurrentUser,
  fileId: number,
  step: StepId,
): Promise<void> {
  await ownEditableFile(ctx, user, fileId);
  await deleteStepDraft(ctx.db, fileId, step);
}
