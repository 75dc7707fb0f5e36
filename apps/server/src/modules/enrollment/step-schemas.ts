import type { StepId } from "@portal/shared/enrollment-steps";
import { isLevelCode, type LevelCode } from "@portal/shared/rules/levels";
import { academicHistorySchemaFor } from "@portal/shared/schemas/enrollment/academic-history";
import { authorizedPersonsSchema } from "@portal/shared/schemas/enrollment/authorized-persons";
import { enrollmentYearSchemaFor } from "@portal/shared/schemas/enrollment/enrollment-year";
import { exitAuthorizationSchema } from "@portal/shared/schemas/enrollment/exit-authorization";
import { financeSchema } from "@portal/shared/schemas/enrollment/finance";
import { medicalRecordSchema } from "@portal/shared/schemas/enrollment/medical-record";
import {
  isSecondRepresentativeDeclined,
  representativeSchema,
  secondRepresentativeDeclinedSchema,
} from "@portal/shared/schemas/enrollment/representative";
import { studentFileSchema } from "@portal/shared/schemas/enrollment/student-file";
import { studentPhotoSchema } from "@portal/shared/schemas/enrollment/student-photo";
import { termsSchema } from "@portal/shared/schemas/enrollment/terms";
import { transportSchema } from "@portal/shared/schemas/enrollment/transport";
import type { z } from "zod";

/** What the server knows about a file that some steps' rules depend on. */
export interface StepContext {
  isNewStudent: boolean;
  /** Level of the student's previous file (re-enrollment), if any. */
  previousLevel: LevelCode | null;
  /** Level requested in this file's enrollment-year step (saved before the later steps). */
  requestedLevel: LevelCode | null;
  /** Birth date from this file's student-file step. */
  birthDate: string | null;
  /** The levels the file's school year offers (Settings › School year); null: every level. */
  offeredLevels?: readonly string[] | null;
  /** The last level attended the academic-history step holds: free text saved before the level list stays valid. */
  savedPreviousLevel?: string | null;
}

/** The shared schema that validates `step`, with the context its rules need (the form uses the same). */
export function schemaForStep(step: StepId, body: unknown, context: StepContext): z.ZodType {
  switch (step) {
    case "studentFile":
      return studentFileSchema;
    case "enrollmentYear":
      return enrollmentYearSchemaFor({
        isNewStudent: context.isNewStudent,
        currentLevel: context.previousLevel,
        offered: context.offeredLevels,
      });
    case "terms":
      return termsSchema;
    case "firstRepresentative":
      return representativeSchema;
    case "secondRepresentative":
      return isSecondRepresentativeDeclined(body) ? secondRepresentativeDeclinedSchema : representativeSchema;
    case "authorizedPersons":
      return authorizedPersonsSchema;
    case "studentPhoto":
      return studentPhotoSchema;
    case "academicHistory":
      return academicHistorySchemaFor({ savedPreviousLevel: context.savedPreviousLevel });
    case "financialInformation":
      return financeSchema;
    case "schoolTransport":
      return transportSchema;
    case "exitAuthorization":
      // Steps open in order, so the enrollment year (and its level) is always saved by now.
      return exitAuthorizationSchema(context.requestedLevel ?? "TPS");
    case "medicalRecord":
      return medicalRecordSchema({ isNewStudent: context.isNewStudent, birthDate: context.birthDate ?? "1900-01-01" });
  }
}

export function asLevel(value: unknown): LevelCode | null {
  return isLevelCode(value) ? value : null;
}

/** Every `…FileId` field in a step body (nested lists included), with the upload id it names. */
export function referencedUploads(data: unknown): { field: string; id: number }[] {
  const found: { field: string; id: number }[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) {
        if (key.endsWith("FileId") && typeof value === "number") found.push({ field: key, id: value });
        else walk(value);
      }
    }
  };
  walk(data);
  return found;
}
