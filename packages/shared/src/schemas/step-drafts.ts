import { z } from "zod";

/**
 * A wizard step's unsaved typing ("nothing lost on reload"), kept on the server and
 * offered back when the step opens again. The values are the step form's own, not a step body:
 * they are checked with the step's schema only when the family saves the step.
 */
export const STEP_DRAFT_MAX_BYTES = 64_000;

export const stepDraftBodySchema = z.strictObject({
  values: z
    .record(z.string(), z.unknown(), { error: "validation.invalidType" })
    .refine((values) => JSON.stringify(values).length <= STEP_DRAFT_MAX_BYTES, { error: "validation.draftTooLarge" }),
});
export type StepDraftBody = z.infer<typeof stepDraftBodySchema>;

/** What the step's draft holds, or null: none, or older than the step's last save. */
export const stepDraftSchema = z
  .object({
    values: z.record(z.string(), z.unknown()),
    /** When the typing was kept (ISO time), shown as "what you typed on …". */
    savedAt: z.string(),
  })
  .nullable();
export type StepDraft = z.infer<typeof stepDraftSchema>;

export const stepDraftSavedSchema = z.object({ savedAt: z.string() });
