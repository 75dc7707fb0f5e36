import { z } from "zod";
import { REQUEST_STATUSES } from "../request-status.ts";
import { text } from "./fields.ts";
import { paragraph, positiveInt } from "./workflow.ts";

/**
 * Settings › Request statuses: the Admin's wording of each request status, per
 * language, and the explanation a family reads on its welcome card. Strict bodies: an unknown
 * field is a 400 naming it. Messages are `validation.*` keys.
 */

/** A badge, a filter option, a tab: a label longer than this no longer fits. */
export const STATUS_LABEL_MAX = 40;
/** A few sentences on a card; longer belongs in a notice. */
export const STATUS_EXPLANATION_MAX = 300;

export const STATUS_TEXT_LANGUAGES = ["es", "en", "fr"] as const;
export const LABEL_FIELDS = ["labelEs", "labelEn", "labelFr"] as const;
export const EXPLANATION_FIELDS = ["explanationEs", "explanationEn", "explanationFr"] as const;
export type StatusTextField = (typeof LABEL_FIELDS)[number] | (typeof EXPLANATION_FIELDS)[number];

export const statusParams = z.strictObject({
  status: z.enum(REQUEST_STATUSES, { error: "validation.choice" }),
});

const label = text(STATUS_LABEL_MAX);
const explanation = paragraph(STATUS_EXPLANATION_MAX);

/** PUT /api/settings/status-texts/:status: all six texts (labels required, explanations may be empty). */
export const statusTextSaveSchema = z.strictObject({
  expectedVersion: positiveInt,
  labelEs: label,
  labelEn: label,
  labelFr: label,
  explanationEs: explanation,
  explanationEn: explanation,
  explanationFr: explanation,
});
export type StatusTextSaveInput = z.input<typeof statusTextSaveSchema>;
export type StatusTextSave = z.output<typeof statusTextSaveSchema>;

/** POST /api/settings/status-texts/:status/reset: back to the portal's default texts. */
export const statusTextResetSchema = z.strictObject({ expectedVersion: positiveInt });

const byLanguage = z.object({ es: z.string(), en: z.string(), fr: z.string() });

/** GET /api/status-texts (any signed-in user): only the words, resolved; no audit data. */
export const statusTextsSchema = z.object({
  items: z.array(z.object({ status: z.enum(REQUEST_STATUSES), label: byLanguage, explanation: byLanguage })),
});
export type StatusTexts = z.infer<typeof statusTextsSchema>;

/** One status on the Admin's page: the texts in force, whether the Admin changed them, the version. */
export const statusTextAdminSchema = z.object({
  status: z.enum(REQUEST_STATUSES),
  labelEs: z.string(),
  labelEn: z.string(),
  labelFr: z.string(),
  explanationEs: z.string(),
  explanationEn: z.string(),
  explanationFr: z.string(),
  /** True when at least one text differs from the portal's default. */
  customized: z.boolean(),
  version: z.number(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type StatusTextAdmin = z.infer<typeof statusTextAdminSchema>;

export const statusTextAdminListSchema = z.object({ items: z.array(statusTextAdminSchema) });
export type StatusTextAdminList = z.infer<typeof statusTextAdminListSchema>;
