import { z } from "zod";
import { LANGUAGE_CODES } from "../languages.ts";
import { LEVEL_CODES } from "../rules/levels.ts";
import { DOCUMENT_AUDIENCES, DOCUMENT_TEXT_MAX, DOCUMENT_TITLE_MAX } from "../school-documents.ts";
import { idParam, text } from "./fields.ts";
import { schoolYearParamsSchema } from "./general-settings.ts";
import { paragraph } from "./workflow.ts";

/**
 * Settings › Documents (docs/rules/documents.md "The school's own documents"): each document of a
 * school year in es, en and fr, its versions (a draft, the one in force, the history), which
 * requests it applies to, and the year's fees text. Strict bodies; the fields a text uses are
 * checked by the server (400 DOCUMENT_FIELD_UNKNOWN naming them), empty languages at publish
 * (400 DOCUMENT_TEXT_EMPTY).
 */

const versionField = z
  .number({ error: "validation.invalidType" })
  .int({ error: "validation.invalidType" })
  .min(0, { error: "validation.invalidType" })
  .max(2_147_483_647, { error: "validation.invalidType" });

const perLanguage = <T extends z.ZodType>(field: T) =>
  z.strictObject({ es: field, en: field, fr: field }, { error: "validation.invalidType" });

/** A draft's body may be empty in a language while being written; publish refuses that. */
const bodyField = paragraph(DOCUMENT_TEXT_MAX);
const titleField = text(DOCUMENT_TITLE_MAX, { required: false });
const languageField = z.enum(LANGUAGE_CODES, { error: "validation.choice" });

export const schoolDocumentsQuerySchema = z.strictObject({
  schoolYearId: schoolYearParamsSchema.shape.schoolYearId.optional(),
});
export const schoolDocumentParams = z.strictObject({ documentId: idParam });
export const documentFeesParams = schoolYearParamsSchema;

/** POST /api/settings/documents: a document of the school's own, for one school year. */
export const schoolDocumentCreateSchema = z.strictObject({
  schoolYearId: schoolYearParamsSchema.shape.schoolYearId,
  titles: perLanguage(text(DOCUMENT_TITLE_MAX)),
});
export type SchoolDocumentCreate = z.output<typeof schoolDocumentCreateSchema>;

/** PUT …/:documentId/draft: the draft as typed, at the document's version the page read. */
export const schoolDocumentDraftSchema = z.strictObject({
  titles: perLanguage(titleField),
  bodies: perLanguage(bodyField),
  expectedVersion: versionField,
});
export type SchoolDocumentDraftInput = z.input<typeof schoolDocumentDraftSchema>;
export type SchoolDocumentDraft = z.output<typeof schoolDocumentDraftSchema>;

/** POST …/:documentId/publish: the draft becomes the version in force. */
export const schoolDocumentPublishSchema = z.strictObject({ expectedVersion: versionField });

/** PUT …/:documentId/rule: who must hand it in (all levels when `levels` is null). */
export const schoolDocumentRuleSchema = z.strictObject({
  audience: z.enum(DOCUMENT_AUDIENCES, { error: "validation.choice" }),
  levels: z
    .array(z.enum(LEVEL_CODES, { error: "validation.choice" }), { error: "validation.invalidType" })
    .min(1, { error: "validation.required" })
    .max(LEVEL_CODES.length, { error: "validation.tooLong" })
    .nullable(),
  expectedVersion: versionField,
});
export type SchoolDocumentRule = z.output<typeof schoolDocumentRuleSchema>;

/** PUT /api/settings/document-fees/:schoolYearId: the fees text the `{{fees}}` field shows. */
export const documentFeesSaveSchema = z.strictObject({
  texts: perLanguage(paragraph(2000)),
  expectedVersion: versionField,
});
export type DocumentFeesSave = z.output<typeof documentFeesSaveSchema>;

/** POST …/:documentId/preview: a text (the draft as typed) filled with a request's data. */
export const schoolDocumentPreviewSchema = z.strictObject({
  language: languageField,
  title: titleField,
  body: bodyField,
  requestCode: text(40),
});
export type SchoolDocumentPreviewInput = z.input<typeof schoolDocumentPreviewSchema>;

/** GET …/:documentId/preview.pdf: the documents to sign of a request, this document's draft in. */
export const schoolDocumentPdfQuerySchema = z.strictObject({ language: languageField, requestCode: text(40) });

const spanSchema = z.object({ text: z.string(), bold: z.boolean(), italic: z.boolean() });
export const documentBlockSchema = z.union([
  z.object({
    type: z.literal("heading"),
    level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    spans: z.array(spanSchema),
  }),
  z.object({ type: z.literal("paragraph"), spans: z.array(spanSchema) }),
  z.object({ type: z.literal("list"), ordered: z.boolean(), items: z.array(z.array(spanSchema)) }),
]);

export const schoolDocumentPreviewResultSchema = z.object({
  title: z.string(),
  blocks: z.array(documentBlockSchema),
  requestCode: z.string(),
  studentName: z.string(),
});
export type SchoolDocumentPreviewResult = z.infer<typeof schoolDocumentPreviewResultSchema>;

const texts = z.object({ es: z.string(), en: z.string(), fr: z.string() });

export const documentVersionSchema = z.object({
  id: z.number(),
  number: z.number(),
  titles: texts,
  bodies: texts,
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
  publishedBy: z.string().nullable(),
});
export type DocumentVersion = z.infer<typeof documentVersionSchema>;

export const schoolDocumentAdminSchema = z.object({
  id: z.number(),
  key: z.string(),
  builtIn: z.boolean(),
  /** Accepted online in the terms step rather than printed in the documents to sign. */
  online: z.boolean(),
  audience: z.enum(DOCUMENT_AUDIENCES),
  levels: z.array(z.enum(LEVEL_CODES)).nullable(),
  /** Moves with every draft save, publish and rule change (409 VERSION_CONFLICT when stale). */
  version: z.number(),
  draft: documentVersionSchema.nullable(),
  inForce: documentVersionSchema.nullable(),
  /** Published versions, newest first (the one in force first). */
  history: z.array(documentVersionSchema),
});
export type SchoolDocumentAdmin = z.infer<typeof schoolDocumentAdminSchema>;

export const schoolDocumentsAdminSchema = z.object({
  schoolYearId: z.number(),
  documents: z.array(schoolDocumentAdminSchema),
  fees: z.object({ texts, version: z.number() }),
});
export type SchoolDocumentsAdmin = z.infer<typeof schoolDocumentsAdminSchema>;

/** GET /api/enrollment/files/:fileId/terms-texts: the texts the terms step shows, filled. */
export const termsTextsSchema = z.object({
  items: z.array(
    z.object({ key: z.string(), versionId: z.number(), title: z.string(), blocks: z.array(documentBlockSchema) }),
  ),
});
export type TermsTexts = z.infer<typeof termsTextsSchema>;
