/**
 * The wizard's data steps (steps 2 to 13 of spec 2), in order. Welcome, Summary and
 * Congratulations hold no data. The route ids are `wizard.<step>` in routes.ts.
 */
export const STEP_IDS = [
  "studentFile",
  "enrollmentYear",
  "terms",
  "firstRepresentative",
  "secondRepresentative",
  "authorizedPersons",
  "studentPhoto",
  "academicHistory",
  "financialInformation",
  "schoolTransport",
  "exitAuthorization",
  "medicalRecord",
] as const;
export type StepId = (typeof STEP_IDS)[number];

export function isStepId(value: unknown): value is StepId {
  return typeof value === "string" && (STEP_IDS as readonly string[]).includes(value);
}

/** Our rule: a step opens once every earlier step is complete. */
export function isStepOpen(step: StepId, completed: readonly StepId[]): boolean {
  return STEP_IDS.slice(0, STEP_IDS.indexOf(step)).every((earlier) => completed.includes(earlier));
}

/** The first step not yet complete, or null when all are. */
export function nextOpenStep(completed: readonly StepId[]): StepId | null {
  return STEP_IDS.find((step) => !completed.includes(step)) ?? null;
}
