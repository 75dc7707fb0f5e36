import { z } from "zod";
import { LEVEL_CODES, type LevelCode, requestableLevels } from "../../rules/levels.ts";

/** First enrollment at the school (1) or re-enrollment (2); spec 9 default 2. */
export const FIRST_INSCRIPTION = { first: 1, reEnrollment: 2 } as const;

const enrollmentYearShape = {
  /** The school year applied for (id of the school-years list). */
  schoolYearId: z
    .number({ error: "validation.schoolYearRequired" })
    .int({ error: "validation.schoolYearRequired" })
    .positive({ error: "validation.schoolYearRequired" })
    .max(2_147_483_647, { error: "validation.schoolYearRequired" }),
  /** 1 = first enrollment at the school, 2 = re-enrollment (default 2, spec 9). */
  firstInscription: z
    .union([z.literal(FIRST_INSCRIPTION.first), z.literal(FIRST_INSCRIPTION.reEnrollment)], {
      error: "validation.choice",
    })
    .default(FIRST_INSCRIPTION.reEnrollment),
  /** Requested level: a code of the `levels` catalogue. */
  levelCode: z.enum(LEVEL_CODES, { error: "validation.level" }),
};

/** Step 3, enrollment year and level, without the student's history (shape checks only). */
export const enrollmentYearSchema = z.strictObject(enrollmentYearShape);

/** What the server knows of the student: new to the school, or the level they are in now. */
export interface EnrollmentYearContext {
  isNewStudent: boolean;
  currentLevel?: LevelCode | null;
  /** The levels the school year offers; absent means every level. */
  offered?: readonly string[] | null;
}

/**
 * Step 3 with the spec 5 rule: a re-enrollment may request only the level after the current one
 * (none after Terminale); a new student any level. The form and the server pass the same context.
 */
export function enrollmentYearSchemaFor(context: EnrollmentYearContext) {
  const allowed = requestableLevels(context);
  return z.strictObject(enrollmentYearShape).superRefine((value, ctx) => {
    if (!allowed.includes(value.levelCode)) {
      ctx.addIssue({ code: "custom", message: "validation.levelNotAllowed", path: ["levelCode"] });
    }
  });
}
export type EnrollmentYearInput = z.input<typeof enrollmentYearSchema>;
export type EnrollmentYear = z.output<typeof enrollmentYearSchema>;
