import type { StepId } from "@portal/shared/enrollment-steps";
import { identificationClash } from "@portal/shared/rules/file-identifications";

/**
 * Rules across steps that a single step's schema cannot see: the representative step's number,
 * two representatives of one student with the same identification (spec 5 duplicates), and one
 * identification number per person of the file (rules/file-identifications.ts).
 * Answers the field and message key to report, or null.
 */
export function crossStepProblem(
  step: StepId,
  data: Record<string, unknown>,
  other: (step: StepId) => Record<string, unknown> | undefined,
): { field: string; message: string } | null {
  if (step !== "firstRepresentative" && step !== "secondRepresentative")
    return identificationProblem(step, data, other);
  if (data.declined === true) return null;
  const expected = step === "firstRepresentative" ? 1 : 2;
  if (data.typeRepresentative !== expected) return { field: "typeRepresentative", message: "validation:choice" };
  const clash = identificationProblem(step, data, other);
  if (clash) return clash;
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

/** One number per person of the file (the shared rule), as a field of the step being saved. */
function identificationProblem(
  step: StepId,
  data: Record<string, unknown>,
  other: (step: StepId) => Record<string, unknown> | undefined,
): { field: string; message: string } | null {
  const clash = identificationClash(step, data, other);
  return clash ? { field: clash.path.join("."), message: clash.message.replace(".", ":") } : null;
}
