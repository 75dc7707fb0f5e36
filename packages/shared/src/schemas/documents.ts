import { z } from "zod";
import { REQUEST_STATUSES } from "../request-status.ts";
import { LEVEL_CODES } from "../rules/levels.ts";
import { idParam } from "./fields.ts";
import { requestFilterFields, requestListQuerySchema } from "./requests.ts";
import { SIGNING_FILTERS, signingSummarySchema } from "./signing.ts";

/**
 * The documents page (`/portal/documents/default`): each sent request's PDFs and
 * uploads, the ZIP of the filtered list, and the hand-in checklist of the signed paper documents.
 * Strict: an unknown parameter or field is a 400 VALIDATION_ERROR naming it.
 */

/**
 * The signed paper documents a family brings to the office (spec 1 and 2, docs/rules/documents.md
 * "The documents page"): every document of the year the request needs that is not accepted online
 * (the contract, the image-use consent, the exit authorization where the family chose an exit the
 * school needs it for, and any the school added in Settings › Documents). An item is the
 * document's key: a built-in one (`contract`, `exitAuthorization`, `imageConsent`) or `custom-<n>`.
 */
export const BUILT_IN_HAND_IN_ITEMS = ["contract", "exitAuthorization", "imageConsent"] as const;
export type HandInItem = string;

/** A document's key as the checklist names it (Settings › Documents' keys are at most 30 such characters). */
export const handInItemField = z
  .string({ error: "validation.choice" })
  .regex(/^[A-Za-z][A-Za-z0-9-]{0,29}$/, { error: "validation.choice" });

/** missing: a required item not received; overdue: missing and past the due time; complete: all received. */
export const HAND_IN_FILTERS = ["missing", "overdue", "complete"] as const;
export type HandInFilter = (typeof HAND_IN_FILTERS)[number];

const { q, page, pageSize } = requestListQuerySchema.shape;

/** The filters of the list and of its ZIP (the same set, so the ZIP is what the list shows). */
const documentFilterFields = {
  ...requestFilterFields,
  q,
  handIn: z.enum(HAND_IN_FILTERS, { error: "validation.choice" }).optional(),
  /**
   * Signing online (docs/rules/documents.md "Signing online"): pending (a document some
   * representative has not signed), awaitingSchool (one waiting for the school), complete (every
   * document countersigned).
   */
  signing: z.enum(SIGNING_FILTERS, { error: "validation.choice" }).optional(),
};

export const documentListQuerySchema = z.strictObject({ ...documentFilterFields, page, pageSize });
export type DocumentListQueryInput = z.input<typeof documentListQuerySchema>;
export type DocumentListQuery = z.output<typeof documentListQuerySchema>;

export const documentExportQuerySchema = z.strictObject(documentFilterFields);
export type DocumentExportQuery = z.output<typeof documentExportQuerySchema>;

export const documentRequestParams = z.strictObject({ requestId: idParam });
export const handInParams = z.strictObject({
  requestId: idParam,
  item: handInItemField,
});

/** A calendar day, YYYY-MM-DD, that exists. */
const dayField = z
  .string({ error: "validation.date" })
  .max(10, { error: "validation.date" })
  .refine(
    (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    { error: "validation.date" },
  );

/**
 * PUT /api/documents/:requestId/hand-in/:item. `receivedOn` is required when `received` is true
 * and ignored (stored as null) otherwise. `version` is the item's version as read (0 before the
 * first record): a stale one answers 409 CONFLICT.
 */
export const handInSaveSchema = z
  .strictObject({
    received: z.boolean({ error: "validation.invalidType" }),
    receivedOn: dayField.nullable().optional(),
    version: z
      .number({ error: "validation.invalidType" })
      .int({ error: "validation.invalidType" })
      .min(0, { error: "validation.invalidType" })
      .max(2_147_483_647, { error: "validation.invalidType" }),
  })
  .superRefine((value, ctx) => {
    if (value.received && !value.receivedOn) {
      ctx.addIssue({ code: "custom", path: ["receivedOn"], message: "validation.required" });
    }
  });
export type HandInSave = z.infer<typeof handInSaveSchema>;

export const handInStateSchema = z.object({
  item: z.string(),
  /** The document's title in the reader's language (the school names its own documents). */
  title: z.string(),
  /** Every representative signed it online (docs/rules/documents.md "Signing online"): done, as if handed in. */
  signedOnline: z.boolean(),
  received: z.boolean(),
  receivedOn: z.string().nullable(),
  /** Who recorded the current state (name or e-mail), and when; null before the first record. */
  recordedBy: z.string().nullable(),
  recordedAt: z.string().nullable(),
  version: z.number(),
});
export type HandInState = z.infer<typeof handInStateSchema>;

export const documentListItemSchema = z.object({
  id: z.number(),
  code: z.string(),
  studentName: z.string(),
  levelCode: z.enum(LEVEL_CODES).nullable(),
  requestStatus: z.enum(REQUEST_STATUSES),
  /** When the family sent the file (and so received the documents to sign). */
  sentAt: z.string(),
  /** sentAt + the year's contract signing hours (Settings › General). */
  dueAt: z.string(),
  /** A required item is neither received on paper nor signed online by the family, and the due time has passed. */
  overdue: z.boolean(),
  /**
   * The required items only, in the year's document order, each titled in the reader's language;
   * `signedOnline`: every representative signed it online.
   */
  checklist: z.array(
    z.object({ item: z.string(), title: z.string(), received: z.boolean(), signedOnline: z.boolean() }),
  ),
  /** Each document to sign online and its status (empty before the request's signing was first read). */
  signing: signingSummarySchema,
  isTestData: z.boolean(),
});
export type DocumentListItem = z.infer<typeof documentListItemSchema>;

export const documentListSchema = z.object({
  items: z.array(documentListItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** The year's contract signing time, for the column's caption. */
  signingHours: z.number(),
});
export type DocumentList = z.infer<typeof documentListSchema>;

/** A link the reader may open, or null where the role may not (docs/rules/documents.md "The documents page"). */
const hrefField = z.string().nullable();

export const requestDocumentsSchema = z.object({
  item: documentListItemSchema,
  /** The generated PDFs. */
  generated: z.array(z.object({ kind: z.enum(["summary", "to-sign"]), href: hrefField })),
  /** The family's uploads referenced by the file's steps. */
  uploads: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      kind: z.string(),
      step: z.string(),
      href: hrefField,
      /** The PDF as the family sent it (Admin, when the school keeps originals), else null. */
      originalHref: hrefField,
    }),
  ),
  /** The required items with their state. */
  handIn: z.array(handInStateSchema),
});
export type RequestDocuments = z.infer<typeof requestDocumentsSchema>;
