import { isLevelCode, type LevelCode } from "@portal/shared/rules/levels";
import { type EnrollmentYearInput, FIRST_INSCRIPTION } from "@portal/shared/schemas/enrollment/enrollment-year";
import { str } from "./step-kit/form-values.ts";

/**
 * The enrollment-year form (step 3) as the inputs hold it, and the two conversions: saved step
 * data → form, form → request body for `enrollmentYearSchemaFor`. The school year is always the
 * file's (the server refuses any other), never what an older save says.
 */
export interface EnrollmentYearValues {
  schoolYearId: number;
  /** "1" first enrollment at the school, "2" re-enrollment. */
  firstInscription: string;
  levelCode: string;
}

/** What the form needs to know about the file (GET …/context and the file summary). */
export interface EnrollmentYearFile {
  schoolYearId: number;
  isNewStudent: boolean;
  /** Levels the file may request, in catalogue order. */
  requestableLevels: readonly string[];
}

/**
 * A file started from an earlier one (re-enrollment) is a re-enrollment; a new student's file
 * starts as a first enrollment, which the family may change (the child may have studied at the
 * school before the portal).
 */
function firstInscriptionOf(saved: unknown, isNewStudent: boolean): string {
  if (!isNewStudent) return String(FIRST_INSCRIPTION.reEnrollment);
  return saved === FIRST_INSCRIPTION.reEnrollment
    ? String(FIRST_INSCRIPTION.reEnrollment)
    : String(FIRST_INSCRIPTION.first);
}

/** Saved data (null before the first save) as form values; a level no longer allowed is dropped. */
export function toFormValues(
  data: Record<string, unknown> | null | undefined,
  file: EnrollmentYearFile,
): EnrollmentYearValues {
  const source = data ?? {};
  const saved = str(source.levelCode);
  const only = file.requestableLevels.length === 1 ? (file.requestableLevels[0] ?? "") : "";
  return {
    schoolYearId: file.schoolYearId,
    firstInscription: firstInscriptionOf(source.firstInscription, file.isNewStudent),
    levelCode: file.requestableLevels.includes(saved) ? saved : only,
  };
}

/** Form values as the request body. An empty level is sent as "" so the schema names the field. */
export function toRequestBody(values: EnrollmentYearValues): EnrollmentYearInput {
  const firstInscription = Number(values.firstInscription);
  return {
    schoolYearId: values.schoolYearId,
    firstInscription: (firstInscription === FIRST_INSCRIPTION.first
      ? FIRST_INSCRIPTION.first
      : FIRST_INSCRIPTION.reEnrollment) as EnrollmentYearInput["firstInscription"],
    levelCode: values.levelCode as LevelCode,
  };
}

/** The context's previous level as a level code (null for a first enrollment). */
export function previousLevelOf(value: string | null | undefined): LevelCode | null {
  return isLevelCode(value) ? value : null;
}
