import { z } from "zod";
import { canExitAlone, type LevelCode } from "../../rules/levels.ts";
import { addIssue, yesNoField } from "./common.ts";

/** What the school does with the child in an emergency. */
export const EMERGENCY_PREFERENCES = [
  /** Keep the child until the authorities allow the evacuation. */
  "WAIT_EVACUATION",
  /** The family withdraws the child as soon as possible. */
  "WITHDRAW_ASAP",
] as const;

const exitAuthorizationShape = {
  /** The student may leave the school alone at the end of the day (Seconde to Terminale only). */
  exitAlone: yesNoField.default(false),
  emergencyPreference: z.enum(EMERGENCY_PREFERENCES, { error: "validation.choice" }),
  /** The student's image may be published. */
  publishImage: yesNoField,
  /** The student may represent the school at competitions and events. */
  events: yesNoField,
  /** The student may take part in educational outings. */
  pedagogicExits: yesNoField,
  /** The student may leave during the midday break, 11:45–12:45 (upper years only). */
  middayBreak: yesNoField.default(false),
  /** The student may leave during free periods (upper years only). */
  freePeriods: yesNoField.default(false),
};

/**
 * Step 12 for a student enrolled in `level`: exiting alone, the midday break and free periods are
 * for Seconde, Première and Terminale only; lower levels must leave them false.
 */
export function exitAuthorizationSchema(level: LevelCode) {
  const upperYear = canExitAlone(level);
  return z.strictObject(exitAuthorizationShape).superRefine((value, ctx) => {
    if (upperYear) return;
    for (const key of ["exitAlone", "middayBreak", "freePeriods"] as const) {
      if (value[key]) addIssue(ctx, [key], "validation.upperYearsOnly");
    }
  });
}
export type ExitAuthorizationInput = z.input<ReturnType<typeof exitAuthorizationSchema>>;
export type ExitAuthorization = z.output<ReturnType<typeof exitAuthorizationSchema>>;
