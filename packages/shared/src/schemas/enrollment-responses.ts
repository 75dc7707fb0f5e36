import { z } from "zod";
import { STEP_IDS } from "../enrollment-steps.ts";
import { yearSettingsSchema } from "./general-settings.ts";

const stepId = z.enum(STEP_IDS);

/** What the API says about one enrollment file (docs/api.md). */
export const fileSummarySchema = z.object({
  id: z.number(),
  studentId: z.number(),
  schoolYearId: z.number(),
  isNewStudent: z.boolean(),
  status: z.enum(["draft", "sent"]),
  /** From the student-file step; empty until it is saved. */
  studentName: z.string(),
  completedSteps: z.array(stepId),
  nextStep: stepId.nullable(),
  /**
   * A draft the school sent back for correction: the only steps the family may change
   * now. Null for a first draft and for a sent file.
   */
  reopenedSteps: z.array(stepId).nullable(),
  /**
   * Spec 5 "same e-mail": on a representative step (its save's answer, its GET), true when a file
   * another family sent to the school gives the same e-mail for one of its representatives. The
   * save is not refused; the family is only asked to check it (docs/rules/enrollment.md). Absent
   * on other steps.
   */
  emailGivenByAnotherFamily: z.boolean().optional(),
});
export type FileSummary = z.infer<typeof fileSummarySchema>;

/** One welcome card: a student of the family and where this year's file stands. */
export const enrollmentCardSchema = z.object({
  studentId: z.number(),
  studentName: z.string(),
  fileId: z.number().nullable(),
  status: z.enum(["notStarted", "inProgress", "sent"]),
  completedCount: z.number(),
  totalSteps: z.number(),
  nextStep: stepId.nullable(),
  /** The request's workflow status once the file is sent (Untreated, Accepted…), else null. */
  requestStatus: z.string().nullable(),
  /**
   * While the school asks for a correction (request InProcess): its message, and the
   * steps reopened for the family (only those can be saved; the others stay locked). Null and [].
   */
  correctionMessage: z.string().nullable(),
  reopenedSteps: z.array(stepId),
  /**
   * While the school office has rejected the student photo: its reason; the family
   * sends a new photo (PUT /api/enrollment/files/:fileId/photo). Null otherwise.
   */
  photoRejection: z.object({ reason: z.string() }).nullable(),
});
export type EnrollmentCard = z.infer<typeof enrollmentCardSchema>;

export const stepDataSchema = z.object({
  step: stepId,
  data: z.record(z.string(), z.unknown()).nullable(),
  completed: z.boolean(),
  /**
   * Households: set when another account saved the step last — the household's other
   * parent (by name) or the school (`school`, no name). Absent on the staff's module pages.
   * `atDesk`: entered at the office for the family by the staff member named
   * (docs/rules/staff-workflow.md "Walk-in families").
   */
  savedBy: z
    .object({ name: z.string().nullable(), school: z.boolean(), atDesk: z.boolean().optional(), at: z.string() })
    .nullable()
    .optional(),
  /**
   * Spec 5 "same e-mail": on a representative step (its save's answer, its GET), true when a file
   * another family sent to the school gives the same e-mail for one of its representatives. The
   * save is not refused; the family is only asked to check it (docs/rules/enrollment.md). Absent
   * on other steps.
   */
  emailGivenByAnotherFamily: z.boolean().optional(),
});
export type StepData = z.infer<typeof stepDataSchema>;

export const startFileSchema = z.strictObject({
  studentId: z
    .number({ error: "validation.invalidType" })
    .int({ error: "validation.invalidType" })
    .positive({ error: "validation.invalidType" })
    .max(2_147_483_647, { error: "validation.invalidType" })
    .optional(),
});

/** What validate-and-send answers: the locked file and the request it created. */
export const sentFileSchema = z.object({
  file: fileSummarySchema,
  request: z.object({ code: z.string(), requestStatus: z.string(), createdAt: z.string() }),
});
export type SentFile = z.infer<typeof sentFileSchema>;

/** What a file's forms need to apply the server's rules (GET /api/enrollment/files/:fileId/context). */
export const fileContextSchema = z.object({
  isNewStudent: z.boolean(),
  /** Level of the student's previous file (re-enrollment), else null. */
  previousLevel: z.string().nullable(),
  /** Level codes the enrollment-year step accepts: the next one on re-enrollment, any on a first. */
  requestableLevels: z.array(z.string()),
  /** Level saved in this file's enrollment-year step, else null. */
  requestedLevel: z.string().nullable(),
  /** Birth date saved in the student-file step (YYYY-MM-DD), else null. */
  birthDate: z.string().nullable(),
  /** The file's school year's first day (YYYY-MM-DD): the levels' usual birth years follow from it. */
  schoolYearStartsOn: z.string(),
  /** The family's students with a file this school year, this one included. */
  familyChildrenThisYear: z.number(),
  /** The year's discount when the family has its number of children enrolled this year (spec 1 and 9), else 0. */
  familyDiscountPercent: z.number(),
  /** The file's school year: spec 9's constants and the school's notices (Settings › General). */
  yearSettings: yearSettingsSchema,
});
export type FileContext = z.infer<typeof fileContextSchema>;

/**
 * One person the family already registered on another student's file (a sibling's, or an earlier
 * year's): offered on the representative and authorized-person steps so siblings are not typed
 * twice. `data` is the saved step data, ready to prefill the form (confirmations equal to the
 * values); the upload ids it names are the family's and are accepted as they are.
 */
export const knownPersonSchema = z.object({
  /** Identification type (1 cédula, 2 passport) and number: the people are unique by these. */
  typeIdentification: z.number(),
  documentNumber: z.string(),
  /** The name to show in the choice: names, first and second surname. */
  displayName: z.string(),
  /** The student on whose file the person was saved, to tell the family where it comes from. */
  studentName: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type KnownPerson = z.infer<typeof knownPersonSchema>;

/** GET /api/enrollment/files/:fileId/known-people: latest first, one entry per identification. */
export const knownPeopleSchema = z.object({
  representatives: z.array(knownPersonSchema),
  authorizedPersons: z.array(knownPersonSchema),
});
export type KnownPeople = z.infer<typeof knownPeopleSchema>;
