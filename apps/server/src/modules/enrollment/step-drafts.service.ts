import type { StepId } from "@portal/shared/enrollment-steps";
import type { StepDraft, StepDraftBody } from "@portal/shared/schemas/step-drafts";
import type { AppContext } from "../../context.ts";
import { nowIso } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import type { CurrentUser } from "../../plugins/request-types.ts";
import { findFileWithStudent } from "./enrollment.repository.ts";
import { deleteStepDraft, findStepDraft, upsertStepDraft } from "./step-drafts.repository.ts";

/**
 * A wizard step's unsaved typing: the family's own files only, while the file can
 * change, offered back only to the account that typed it (a household has two). Drafts are the family's scratch paper, not the record: staff never read them, nothing
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
  // A household's other parent typed it: offered back as "what you wrote" it would not be theirs.
  if (draft.typedBy !== user.id) return null;
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
  const valuesJson = JSON.stringify(body.values);
  await upsertStepDraft(ctx.db, { fileId, step, valuesJson, updatedAt: savedAt, typedBy: user.id });
  return { savedAt };
}

export async function discardStepDraft(
  ctx: AppContext,
  user: CurrentUser,
  fileId: number,
  step: StepId,
): Promise<void> {
  await ownEditableFile(ctx, user, fileId);
  // Only what this account typed: the other parent's draft is not offered here, so not discarded.
  await deleteStepDraft(ctx.db, fileId, step, user.id);
}
