import { z } from "zod";
import { EMAIL_TEXT_IDS } from "../email-texts.ts";
import { LANGUAGE_CODES } from "../languages.ts";
import { text } from "./fields.ts";
import { paragraph, positiveInt } from "./workflow.ts";

/**
 * Settings › E-mail texts: the Admin's subject and body of one e-mail in one language. Strict
 * bodies: an unknown field is a 400 naming it. Messages are `validation.*` keys; the fields a text
 * may use are checked by the server against packages/shared/src/email-texts.ts (400
 * EMAIL_TEXT_UNKNOWN_FIELD / EMAIL_TEXT_FIELD_MISSING under the subject or body).
 */

export const EMAIL_SUBJECT_MAX = 200;
export const EMAIL_BODY_MAX = 6000;

export const emailTextParams = z.strictObject({
  id: z.enum(EMAIL_TEXT_IDS, { error: "validation.choice" }),
  language: z.enum(LANGUAGE_CODES, { error: "validation.choice" }),
});

/** POST …/preview: the text as typed, not saved. */
export const emailTextDraftSchema = z.strictObject({
  subject: text(EMAIL_SUBJECT_MAX),
  body: paragraph(EMAIL_BODY_MAX).refine((value) => value.length > 0, { error: "validation.required" }),
});
export type EmailTextDraftInput = z.input<typeof emailTextDraftSchema>;
export type EmailTextDraft = z.output<typeof emailTextDraftSchema>;

/** PUT /api/settings/email-texts/:id/:language: the text at the version the page read. */
export const emailTextSaveSchema = z.strictObject({
  ...emailTextDraftSchema.shape,
  expectedVersion: positiveInt,
});
export type EmailTextSaveInput = z.input<typeof emailTextSaveSchema>;
export type EmailTextSave = z.output<typeof emailTextSaveSchema>;

/** POST …/reset: back to the portal's text. */
export const emailTextResetSchema = z.strictObject({ expectedVersion: positiveInt });

/** One e-mail in one language on the Admin's page: the text in force, whether it is the Admin's. */
export const emailTextAdminSchema = z.object({
  id: z.enum(EMAIL_TEXT_IDS),
  language: z.enum(LANGUAGE_CODES),
  subject: z.string(),
  body: z.string(),
  /** True when the Admin's text is used instead of the portal's. */
  customized: z.boolean(),
  version: z.number(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type EmailTextAdmin = z.infer<typeof emailTextAdminSchema>;

/** Every e-mail × language, in EMAIL_TEXT_IDS order. */
export const emailTextAdminListSchema = z.object({ items: z.array(emailTextAdminSchema) });
export type EmailTextAdminList = z.infer<typeof emailTextAdminListSchema>;

/** The mail as a recipient would get it, filled with sample data. */
export const emailTextPreviewSchema = z.object({ subject: z.string(), text: z.string(), html: z.string() });
export type EmailTextPreview = z.infer<typeof emailTextPreviewSchema>;
