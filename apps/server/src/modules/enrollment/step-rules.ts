import type { StepId } from "@portal/shared/enrollment-steps";

/**
 * Rules across steps that a single step's schema cannot see: the representative step's number,
 * and two representatives of one student with the same identification (spec 5 duplicates).
 * Answers the field and message key to report, or null.
 */
export function crossStepProblem(
  step: StepId,
  data: Record<string, unknown>,
  other: (step: StepId) => Record<string, unknown> | undefined,
): { field: string; message: string } | null {
  if (step !== "firstRepresentative" && step !== "secondRepresentative") return null;
  if (data.declined === true) return null;
  const expected = step === "firstRepresentative" ? 1 : 2;
  if (data.typeRepresentative !== expected) return { field: "typeRepresentative", message: "validation:choice" };
  const otherRep = other(step === "firstRepresentative" ? "secondRepresentative" : "firstRepresentative");
  if (
    otherRep &&
    otherRep.declined !== true &&
    otherRep.typeIdentification === data.typeIdentification &&
    otherRep.documentNumber === data.documentNumber
  ) {
    return { field: "documentNumber", message: "validation:sameIdentificationRepresentative" };
  }
  return null;
}
