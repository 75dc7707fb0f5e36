import { z } from "zod";
import { STEP_IDS } from "../enrollment-steps.ts";

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
});
export type EnrollmentCard = z.infer<typeof enrollmentCardSchema>;

export const stepDataSchema = z.object({
  step: stepId,
  data: z.record(z.string(), z.unknown()).nullable(),
  completed: z.boolean(),
});

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
