import { z } from "zod";
import { choice, requestFilterFields } from "./requests.ts";

/**
 * Photo exports (`/portal/reports/photo-export`): GET /api/reports/photos (a ZIP) and
 * GET /api/reports/photos/summary (its counts) take the same query: which photos, and the back
 * office's shared request filters. Strict: an unknown parameter is a 400 naming it.
 */

/** students: the 500 × 500 student photos; representatives: 1 and 2; authorizedPersons: step 7's people. */
export const PHOTO_EXPORT_KINDS = ["students", "representatives", "authorizedPersons"] as const;
export type PhotoExportKind = (typeof PHOTO_EXPORT_KINDS)[number];

/**
 * Why a photo is not in the ZIP: the family did not give the internal-use authorization (student
 * photos only), gave it and withdrew it (student photos; docs/rules/data-protection.md "Withdrawing
 * a consent"), there is no photo on file, the school office rejected it (student photos), or
 * the stored file could not be read.
 */
export const PHOTO_LEFT_OUT_REASONS = [
  "noAuthorization",
  "consentWithdrawn",
  "noPhoto",
  "photoRejected",
  "fileMissing",
] as const;
export type PhotoLeftOutReason = (typeof PHOTO_LEFT_OUT_REASONS)[number];

export const photoExportQuerySchema = z.strictObject({
  photos: choice(PHOTO_EXPORT_KINDS),
  ...requestFilterFields,
});
export type PhotoExportQueryInput = z.input<typeof photoExportQuerySchema>;
export type PhotoExportQuery = z.output<typeof photoExportQuerySchema>;

export const photoExportSummarySchema = z.object({
  photos: z.enum(PHOTO_EXPORT_KINDS),
  /** The school year the filters resolved to (the session's when not given). */
  schoolYearId: z.number(),
  /** Requests matching the filters. */
  requests: z.number(),
  /** Photos that will be in the ZIP. */
  included: z.number(),
  /** Photos left out, by reason (every reason present, 0 when none). */
  leftOut: z.object({
    noAuthorization: z.number(),
    consentWithdrawn: z.number(),
    noPhoto: z.number(),
    photoRejected: z.number(),
    fileMissing: z.number(),
  }),
  /** The ZIP's size in bytes, close to the real one (the page's download progress). */
  estimatedBytes: z.number(),
});
export type PhotoExportSummary = z.infer<typeof photoExportSummarySchema>;
