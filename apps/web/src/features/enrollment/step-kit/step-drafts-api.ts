import type { StepId } from "@portal/shared/enrollment-steps";
import { type StepDraft, stepDraftSavedSchema, stepDraftSchema } from "@portal/shared/schemas/step-drafts";
import { http } from "../../../lib/http.ts";

/** A wizard step's unsaved typing on the server: never in the browser's storage. */
const draftUrl = (fileId: number, step: StepId) => `/api/enrollment/files/${fileId}/steps/${step}/draft`;

export const stepDraftQueryKey = (fileId: number, step: StepId) =>
  ["enrollment", "file", fileId, "step", step, "draft"] as const;

export async function loadStepDraft(fileId: number, step: StepId): Promise<StepDraft> {
  return stepDraftSchema.parse(await http.get(draftUrl(fileId, step)));
}

export async function keepStepDraft(fileId: number, step: StepId, values: Record<string, unknown>): Promise<string> {
  return stepDraftSavedSchema.parse(await http.put(draftUrl(fileId, step), { values })).savedAt;
}

export async function discardStepDraft(fileId: number, step: StepId): Promise<void> {
  await http.delete(draftUrl(fileId, step));
}
