import { z } from "zod";

/**
 * Erasure at the family's request (LOPDP art. 15; docs/rules/data-protection.md "Erasure"): the
 * preview of what goes and what stays (each kept item with its reason), and the confirmed erasure.
 * Item labels: `inscriptions:erasure.item.<item>`; reasons: `inscriptions:erasure.reason.<reason>`.
 */

export const ERASURE_SCOPES = ["applicant", "family"] as const;
export type ErasureScope = (typeof ERASURE_SCOPES)[number];

export const ERASURE_ITEMS = [
  "students",
  "enrollmentFiles",
  "requests",
  "requestHistory",
  "documentHandIns",
  "stepDrafts",
  "consents",
  "uploads",
  "photos",
  "storedDocuments",
  "emails",
  "dataExports",
  "accounts",
  "electionAccounts",
  "auditEntries",
] as const;
export type ErasureItem = (typeof ERASURE_ITEMS)[number];

export const ERASURE_KEEP_REASONS = ["enrollmentRecord", "electionRecord", "accountability"] as const;

export const erasureQuerySchema = z.strictObject({
  scope: z.enum(ERASURE_SCOPES, { error: "validation.choice" }).default("applicant"),
});

export const erasureBodySchema = z.strictObject({
  scope: z.enum(ERASURE_SCOPES, { error: "validation.choice" }),
  /** The child's name as the staff typed it to confirm (compared ignoring case and spaces). */
  confirmName: z
    .string({ error: "validation.required" })
    .trim()
    .min(1, { error: "validation.required" })
    .max(200, { error: "validation.tooLong" }),
});
export type ErasureBody = z.infer<typeof erasureBodySchema>;

const countedItem = z.object({ item: z.enum(ERASURE_ITEMS), count: z.number().int() });

export const erasurePreviewSchema = z.object({
  scope: z.enum(ERASURE_SCOPES),
  studentName: z.string(),
  /** Whether the whole family may be erased: none of its children was ever enrolled. */
  familyErasable: z.boolean(),
  removed: z.array(countedItem),
  kept: z.array(countedItem.extend({ reason: z.enum(ERASURE_KEEP_REASONS) })),
  /** Nothing left to remove (an enrolled child erased before): the erasure answers 409. */
  nothingToErase: z.boolean(),
});
export type ErasurePreview = z.infer<typeof erasurePreviewSchema>;

export const erasureResultSchema = z.object({
  /** The erasure's opaque reference, as in its audit entry. */
  reference: z.string(),
  removed: z.array(countedItem),
  /** Files the disk refused to remove: listed for the sweep, which retries them. */
  filesPending: z.number().int(),
  /** Whether the request page still exists (an enrolled child's records stay). */
  requestKept: z.boolean(),
});
export type ErasureResult = z.infer<typeof erasureResultSchema>;
