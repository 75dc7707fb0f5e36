import { z } from "zod";
import { REQUEST_STATUSES } from "../request-status.ts";
import { LEVEL_CODES } from "../rules/levels.ts";
import { requestListQuerySchema } from "./requests.ts";
import { paragraph } from "./workflow.ts";

/**
 * The student photos' review (`/dashboards/inscriptions/photos`): the grid's query
 * (GET /api/photos), a review (POST /api/photos/:requestId/review), the family's new photo after a
 * rejection (PUT /api/enrollment/files/:fileId/photo), and the answers. Strict: an unknown field or
 * parameter is a 400 VALIDATION_ERROR naming it. Messages are `validation.*` keys.
 */

/**
 * `requests.photo_status`: `pending` when the family sends the file or a new photo, `approved` or
 * `rejected` by the school office. A rejection carries a reason shown to the family.
 */
export const PHOTO_STATUSES = ["pending", "approved", "rejected"] as const;
export type PhotoStatus = (typeof PHOTO_STATUSES)[number];

export function isPhotoStatus(value: unknown): value is PhotoStatus {
  return typeof value === "string" && (PHOTO_STATUSES as readonly string[]).includes(value);
}

export const PHOTO_DECISIONS = ["approve", "reject"] as const;
export type PhotoDecision = (typeof PHOTO_DECISIONS)[number];

export const MIN_PHOTO_REJECTION_REASON_LENGTH = 3;
export const MAX_PHOTO_REJECTION_REASON_LENGTH = 500;

/**
 * GET /api/photos: the requests lists' school year, test data, search and paging parameters (same
 * rules and defaults), plus `photoStatus` (one status; none = every status). Always sorted by the
 * student's name (then the request id).
 */
export const photoListQuerySchema = requestListQuerySchema
  .pick({ schoolYearId: true, testData: true, q: true, page: true, pageSize: true })
  .extend({ photoStatus: z.enum(PHOTO_STATUSES, { error: "validation.choice" }).optional() });
export type PhotoListQueryInput = z.input<typeof photoListQuerySchema>;
export type PhotoListQuery = z.output<typeof photoListQuerySchema>;

export const photoListItemSchema = z.object({
  /** The request's id (the photo belongs to the request's file). */
  id: z.number(),
  code: z.string(),
  studentName: z.string(),
  levelCode: z.enum(LEVEL_CODES).nullable(),
  requestStatus: z.enum(REQUEST_STATUSES),
  photoStatus: z.enum(PHOTO_STATUSES),
  /** Set while the photo is rejected: what the family was told. */
  photoRejectionReason: z.string().nullable(),
  /** The last review (approve or reject); null before one and after the family sends a new photo. */
  photoReviewedAt: z.string().nullable(),
  /** The student photo's upload (the studentPhoto step's `photoFileId`); null when the file has none. */
  photoUploadId: z.number().nullable(),
  /** The request's version: a review sends it back as `expectedVersion`. */
  version: z.number(),
  isTestData: z.boolean(),
});
export type PhotoListItem = z.infer<typeof photoListItemSchema>;

export const photoListSchema = z.object({
  items: z.array(photoListItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Whether the caller may approve and reject (Admin, Secretaria; not Consulta). */
  canReview: z.boolean(),
});
export type PhotoList = z.infer<typeof photoListSchema>;

/** Approve, or reject with a reason (required, 3 to 500 characters) that is sent to the family. */
export const photoReviewSchema = z
  .strictObject({
    decision: z.enum(PHOTO_DECISIONS, { error: "validation.choice" }),
    reason: paragraph(MAX_PHOTO_REJECTION_REASON_LENGTH).optional(),
    expectedVersion: z
      .number({ error: "validation.invalidType" })
      .int({ error: "validation.invalidType" })
      .positive({ error: "validation.invalidType" })
      .max(2_147_483_647, { error: "validation.invalidType" }),
  })
  .superRefine((body, ctx) => {
    if (body.decision === "reject") {
      if (!body.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: "validation.required" });
      else if (body.reason.length < MIN_PHOTO_REJECTION_REASON_LENGTH) {
        ctx.addIssue({ code: "custom", path: ["reason"], message: "validation.tooShort" });
      }
    } else if (body.reason !== undefined) {
      ctx.addIssue({ code: "custom", path: ["reason"], message: "validation.invalidType" });
    }
  });
export type PhotoReviewInput = z.input<typeof photoReviewSchema>;
export type PhotoReviewBody = z.output<typeof photoReviewSchema>;

/** The family's new student photo: an upload of kind `studentPhoto` of its own. */
export const photoReplacementSchema = z.strictObject({
  photoFileId: z
    .number({ error: "validation.invalidType" })
    .int({ error: "validation.invalidType" })
    .positive({ error: "validation.invalidType" })
    .max(2_147_483_647, { error: "validation.invalidType" }),
});
export type PhotoReplacementInput = z.input<typeof photoReplacementSchema>;

export const photoReplacementResultSchema = z.object({ fileId: z.number(), photoStatus: z.enum(PHOTO_STATUSES) });
export type PhotoReplacementResult = z.infer<typeof photoReplacementResultSchema>;
