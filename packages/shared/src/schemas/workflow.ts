import { z } from "zod";
import { STEP_IDS } from "../enrollment-steps.ts";
import { LANGUAGE_CODES } from "../languages.ts";
import { REQUEST_STATUSES } from "../request-status.ts";
import { LEVEL_CODES } from "../rules/levels.ts";
import { BULK_ACTIONS, HISTORY_ACTIONS, requiresReason, WORKFLOW_ACTIONS } from "../workflow.ts";
import { visibleText } from "./fields.ts";

/**
 * The staff workflow: bodies of POST /api/requests/:id/actions, POST
 * /api/requests/bulk-actions and PUT /api/requests/:id/internal-review, and the answers. Strict:
 * an unknown field is a 400 VALIDATION_ERROR naming it. Messages are `validation.*` keys.
 */

export const MAX_COMMENT_LENGTH = 1000;
export const MAX_CORRECTION_MESSAGE_LENGTH = 2000;
export const MAX_REVIEW_NOTE_LENGTH = 1000;
/** Most records one bulk change takes (a list page holds at most 100). */
export const MAX_BULK_IDS = 500;

// C0/C1 control characters except tab and line breaks, which multi-line texts keep.
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** A multi-line free text: line breaks normalised to \n, trimmed, bounded, no control or invisible formatting characters. */
export function paragraph(max: number) {
  return z
    .string({ error: "validation.invalidType" })
    .max(max * 4, { error: "validation.tooLong" })
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .pipe(
      z
        .string()
        .max(max, { error: "validation.tooLong" })
        .refine((value) => !CONTROL_CHARS.test(value), { error: "validation.controlCharacters" })
        .refine(...visibleText),
    );
}

export const positiveInt = z
  .number({ error: "validation.invalidType" })
  .int({ error: "validation.invalidType" })
  .positive({ error: "validation.invalidType" })
  .max(2_147_483_647, { error: "validation.invalidType" });

/** The `version` the caller read: a change made since then answers 409 VERSION_CONFLICT. */
const expectedVersionField = positiveInt;

const commentField = paragraph(MAX_COMMENT_LENGTH).optional();

const stepIdField = z.enum(STEP_IDS, { error: "validation.choice" });

function issue(ctx: z.RefinementCtx, path: string, message: string): void {
  ctx.addIssue({ code: "custom", path: [path], message });
}

/**
 * One request's action. `requestCorrection` needs `steps` (the wizard steps to reopen, at least
 * one, no repeats; answered in wizard order) and `message` (shown to the family); the other
 * actions take neither. Refuse, Suspend and Cancel need `comment`: the reason the family is sent.
 */
export const requestActionSchema = z
  .strictObject({
    action: z.enum(WORKFLOW_ACTIONS, { error: "validation.choice" }),
    expectedVersion: expectedVersionField,
    comment: commentField,
    steps: z
      .array(stepIdField, { error: "validation.invalidType" })
      .max(STEP_IDS.length, { error: "validation.tooManyItems" })
      .optional(),
    message: paragraph(MAX_CORRECTION_MESSAGE_LENGTH).optional(),
  })
  .superRefine((body, ctx) => {
    if (requiresReason(body.action) && !body.comment) issue(ctx, "comment", "validation.reasonRequired");
    if (body.action === "requestCorrection") {
      if (!body.steps || body.steps.length === 0) issue(ctx, "steps", "validation.required");
      else if (new Set(body.steps).size !== body.steps.length) issue(ctx, "steps", "validation.invalidType");
      if (!body.message) issue(ctx, "message", "validation.required");
    } else {
      if (body.steps !== undefined) issue(ctx, "steps", "validation.invalidType");
      if (body.message !== undefined) issue(ctx, "message", "validation.invalidType");
    }
  })
  .transform((body) => ({
    ...body,
    comment: body.comment || undefined,
    steps: body.steps ? STEP_IDS.filter((step) => body.steps?.includes(step)) : undefined,
  }));
export type RequestActionInput = z.input<typeof requestActionSchema>;
export type RequestActionBody = z.output<typeof requestActionSchema>;

/**
 * A bulk status change: each id changes on its own if the table allows it. `requestCorrection`
 * is not offered (it needs steps and a message per request). An empty `ids` is answered with the
 * spec's 'You must select one or more records' (400 NO_RECORDS_SELECTED) before this schema runs.
 */
export const bulkActionSchema = z
  .strictObject({
    ids: z
      .array(positiveInt, { error: "validation.invalidType" })
      .min(1, { error: "validation.required" })
      .max(MAX_BULK_IDS, { error: "validation.tooManyItems" })
      .refine((ids) => new Set(ids).size === ids.length, { error: "validation.invalidType" }),
    action: z.enum(BULK_ACTIONS, { error: "validation.choice" }),
    comment: commentField,
  })
  .superRefine((body, ctx) => {
    if (requiresReason(body.action) && !body.comment) issue(ctx, "comment", "validation.reasonRequired");
  })
  .transform((body) => ({ ...body, comment: body.comment || undefined }));
export type BulkActionInput = z.input<typeof bulkActionSchema>;
export type BulkActionBody = z.output<typeof bulkActionSchema>;

/** Sets (`flagged: true`, a note required) or clears (`false`, an optional resolution note) the flag. */
export const internalReviewSchema = z
  .strictObject({
    flagged: z.boolean({ error: "validation.invalidType" }),
    note: paragraph(MAX_REVIEW_NOTE_LENGTH).optional(),
    expectedVersion: expectedVersionField,
  })
  .superRefine((body, ctx) => {
    if (body.flagged && !body.note) issue(ctx, "note", "validation.required");
  })
  .transform((body) => ({ ...body, note: body.note || undefined }));
export type InternalReviewInput = z.input<typeof internalReviewSchema>;
export type InternalReviewBody = z.output<typeof internalReviewSchema>;

// ---- Answers ----

const status = z.enum(REQUEST_STATUSES);
const person = z.object({ id: z.number(), name: z.string() });

export const requestHistoryEntrySchema = z.object({
  id: z.number(),
  /** When (ISO-8601 UTC). */
  at: z.string(),
  /** Null only for a row that records a creation (none today). */
  from: status.nullable(),
  to: status,
  action: z.enum(HISTORY_ACTIONS),
  comment: z.string().nullable(),
  /** Who: a staff member, or the family for `send`. */
  by: person.nullable(),
});
export type RequestHistoryEntry = z.infer<typeof requestHistoryEntrySchema>;

/**
 * A birth date far from the level's usual age (packages/shared/src/rules/
 * birth-date-plausibility.ts), and the family accounts that tried to register another student
 * with this student's identification (refused; one entry per account).
 */
export const requestChecksSchema = z.object({
  /** Null when the birth date is usual for the level (or one of them is unknown). */
  birthDate: z
    .object({
      birthDate: z.string(),
      levelCode: z.enum(LEVEL_CODES),
      usualBirthYear: z.number(),
      /** Years older (positive) or younger (negative) than usual. */
      yearsOff: z.number(),
    })
    .nullable(),
  /** Newest first. */
  duplicateAttempts: z.array(
    z.object({
      family: z.object({ id: z.number(), name: z.string(), email: z.string() }),
      attempts: z.number(),
      firstAt: z.string(),
      lastAt: z.string(),
    }),
  ),
  /**
   * Spec 5 "same e-mail": this file's representatives whose e-mail a file of another family sent
   * to the school also gives, with those requests (by code), in step order. The family was only
   * warned (docs/rules/enrollment.md "Students: identity, birth date and level").
   */
  sharedEmails: z.array(
    z.object({
      step: z.enum(["firstRepresentative", "secondRepresentative"]),
      email: z.string(),
      requests: z.array(
        z.object({ id: z.number(), code: z.string(), step: z.enum(["firstRepresentative", "secondRepresentative"]) }),
      ),
    }),
  ),
  /** More requests share these e-mails than are listed (a very common address). */
  sharedEmailsMore: z.boolean(),
});
export type RequestChecks = z.infer<typeof requestChecksSchema>;

/** GET /api/requests/:id: everything the request-detail page shows. */
export const requestDetailSchema = z.object({
  id: z.number(),
  code: z.string(),
  status,
  photoStatus: z.string(),
  /** Send it back as `expectedVersion` with a change. */
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  schoolYear: z.object({ id: z.number(), label: z.string() }),
  levelCode: z.enum(LEVEL_CODES).nullable(),
  isNewStudent: z.boolean(),
  isTestData: z.boolean(),
  fileId: z.number(),
  student: z.object({ id: z.number(), name: z.string(), documentNumber: z.string() }),
  /** The family account that sent the file: its e-mails go out in `language`. */
  family: z.object({ id: z.number(), name: z.string(), email: z.string(), language: z.enum(LANGUAGE_CODES) }),
  /**
   * The family's accounts (its first account, then a second parent who joined it), so
   * the staff know who may have changed the file.
   */
  household: z.array(z.object({ id: z.number(), name: z.string(), email: z.string(), owner: z.boolean() })),
  /** Oldest first. */
  history: z.array(requestHistoryEntrySchema),
  internalReview: z.object({
    flagged: z.boolean(),
    note: z.string().nullable(),
    by: person.nullable(),
    at: z.string().nullable(),
    resolvedBy: person.nullable(),
    resolvedAt: z.string().nullable(),
  }),
  /** While the family corrects the file (status InProcess): the message and the reopened steps. */
  correction: z.object({ message: z.string(), steps: z.array(z.enum(STEP_IDS)) }).nullable(),
  /** What the caller's role may do now (`WORKFLOW` in packages/shared/src/workflow.ts). */
  allowedActions: z.array(z.enum(WORKFLOW_ACTIONS)),
  /** Whether the caller may change this record at all (Admin, Secretaria): Consulta reads only. */
  canManage: z.boolean(),
  /** What the staff should look at before deciding. */
  checks: requestChecksSchema,
});
export type RequestDetail = z.infer<typeof requestDetailSchema>;

export const BULK_UNCHANGED_REASONS = ["NOT_FOUND", "TRANSITION_NOT_ALLOWED", "VERSION_CONFLICT"] as const;

/** POST /api/requests/bulk-actions: what changed and what did not, and why, in the order asked. */
export const bulkResultSchema = z.object({
  changed: z.array(z.object({ id: z.number(), code: z.string(), from: status, to: status })),
  unchanged: z.array(
    z.object({
      id: z.number(),
      /** Null when the record does not exist. */
      code: z.string().nullable(),
      reason: z.enum(BULK_UNCHANGED_REASONS),
      /** The record's status (null when it does not exist). */
      status: status.nullable(),
      /** The reason in the caller's language. */
      message: z.string(),
    }),
  ),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;
