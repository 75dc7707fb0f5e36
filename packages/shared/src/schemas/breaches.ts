import { z } from "zod";
import { idParam, text } from "./fields.ts";
import { paragraph, positiveInt } from "./workflow.ts";

/**
 * The personal-data breach register (Settings › Data breaches, Admin only; LOPDP art. 43 and 46,
 * docs/rules/data-protection.md "Breach register"). Strict bodies; messages are `validation.*` keys.
 */

/** What kinds of personal data a breach touched (checkboxes; labels in `breaches:categories.*`). */
export const BREACH_DATA_CATEGORIES = [
  "identity",
  "contact",
  "health",
  "photos",
  "documents",
  "accounts",
  "minors",
  "financial",
] as const;
export type BreachDataCategory = (typeof BREACH_DATA_CATEGORIES)[number];

/** Who was affected: nobody known yet, families picked one by one, or every family of a school year. */
export const BREACH_FAMILY_SCOPES = ["none", "selected", "schoolYear"] as const;

export const BREACH_TITLE_MAX = 200;
export const BREACH_TEXT_MAX = 5000;
export const BREACH_FAMILIES_MAX = 5000;

/** A school-local date and time as a datetime-local field gives it: YYYY-MM-DDTHH:MM. */
const localDateTime = z
  .string({ error: "validation.date" })
  .max(16, { error: "validation.date" })
  .refine(
    (value) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) &&
      !Number.isNaN(Date.parse(`${value}:00Z`)) &&
      new Date(`${value}:00Z`).toISOString().startsWith(value),
    { error: "validation.date" },
  );

/** A calendar day, YYYY-MM-DD, that exists. */
const day = z
  .string({ error: "validation.date" })
  .max(10, { error: "validation.date" })
  .refine(
    (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    { error: "validation.date" },
  );

const breachFields = {
  title: text(BREACH_TITLE_MAX),
  description: paragraph(BREACH_TEXT_MAX).pipe(z.string().min(1, { error: "validation.required" })),
  occurredAt: localDateTime,
  discoveredAt: localDateTime,
  categories: z
    .array(z.enum(BREACH_DATA_CATEGORIES, { error: "validation.choice" }), { error: "validation.invalidType" })
    .min(1, { error: "validation.breach.categoriesRequired" })
    .max(BREACH_DATA_CATEGORIES.length, { error: "validation.tooManyItems" })
    .refine((items) => new Set(items).size === items.length, { error: "validation.invalidType" }),
  familyScope: z.enum(BREACH_FAMILY_SCOPES, { error: "validation.choice" }),
  familyIds: z
    .array(positiveInt, { error: "validation.invalidType" })
    .max(BREACH_FAMILIES_MAX, { error: "validation.tooManyItems" }),
  schoolYearId: positiveInt.nullable(),
  rightsAtRisk: z.boolean({ error: "validation.invalidType" }),
  measures: paragraph(BREACH_TEXT_MAX),
  contact: paragraph(500),
};

const discoveredAfterOccurred = (value: { occurredAt: string; discoveredAt: string }) =>
  value.discoveredAt >= value.occurredAt;
const discoveredOrder = { path: ["discoveredAt"], error: "validation.breach.discoveredBeforeOccurred" };
const scopeHasFamilies = (value: { familyScope: string; familyIds: number[]; schoolYearId: number | null }) =>
  value.familyScope === "selected"
    ? value.familyIds.length > 0
    : value.familyScope === "schoolYear"
      ? value.schoolYearId !== null
      : true;
const scopeMessage = { path: ["familyScope"], error: "validation.breach.familiesRequired" };

/** POST /api/breaches: a new incident. */
export const breachCreateSchema = z
  .strictObject(breachFields)
  .refine(discoveredAfterOccurred, discoveredOrder)
  .refine(scopeHasFamilies, scopeMessage);
export type BreachInput = z.input<typeof breachCreateSchema>;

/** PUT /api/breaches/:id: the same fields and the version read. */
export const breachUpdateSchema = z
  .strictObject({ ...breachFields, version: positiveInt })
  .refine(discoveredAfterOccurred, discoveredOrder)
  .refine(scopeHasFamilies, scopeMessage);

/** POST /api/breaches/:id/authority: the Authority was notified on this day, with its reference. */
export const breachAuthoritySchema = z.strictObject({
  version: positiveInt,
  notifiedOn: day,
  reference: text(200),
});

const noticeText = z.strictObject({
  subject: text(200),
  body: paragraph(BREACH_TEXT_MAX).pipe(z.string().min(1, { error: "validation.required" })),
});
const noticeTexts = z.strictObject({ es: noticeText, en: noticeText, fr: noticeText });

/** PUT /api/breaches/:id/notice: the families' notice as the Admin edited it, one per language. */
export const breachNoticeSaveSchema = z.strictObject({ version: positiveInt, texts: noticeTexts });
/** POST /api/breaches/:id/notice/send: send the saved notice (the Admin confirmed). */
export const breachNoticeSendSchema = z.strictObject({ version: positiveInt });

export const breachIdParams = z.strictObject({ id: idParam });
export const breachFamilySearchQuery = z.strictObject({ q: text(100, { min: 2 }) });

const clockSchema = z.object({
  dueOn: z.string(),
  daysLeft: z.number(),
  overdue: z.boolean(),
  doneOn: z.string().nullable(),
});
const familySchema = z.object({ id: z.number(), name: z.string(), email: z.string() });
export type BreachFamily = z.infer<typeof familySchema>;

export const breachSummarySchema = z.object({
  id: z.number(),
  title: z.string(),
  discoveredAt: z.string(),
  state: z.enum(["open", "closed"]),
  authority: clockSchema,
  families: clockSchema.nullable(),
});
export type BreachSummary = z.infer<typeof breachSummarySchema>;
export const breachListSchema = z.object({ items: z.array(breachSummarySchema) });

export const breachDetailSchema = breachSummarySchema.extend({
  description: z.string(),
  occurredAt: z.string(),
  categories: z.array(z.enum(BREACH_DATA_CATEGORIES)),
  familyScope: z.enum(BREACH_FAMILY_SCOPES),
  selectedFamilies: z.array(familySchema),
  schoolYearId: z.number().nullable(),
  rightsAtRisk: z.boolean(),
  measures: z.string(),
  contact: z.string(),
  authorityNotifiedOn: z.string().nullable(),
  authorityReference: z.string(),
  familiesNotifiedAt: z.string().nullable(),
  version: z.number(),
});
export type BreachDetail = z.infer<typeof breachDetailSchema>;

export const breachFamilyListSchema = z.object({ items: z.array(familySchema) });

const reportRowSchema = z.object({
  familyId: z.number(),
  name: z.string(),
  status: z.enum(["pending", "sent", "failed", "removed"]),
  recipients: z.number(),
});
export type BreachReportRow = z.infer<typeof reportRowSchema>;

const noticeOut = z.object({ subject: z.string(), body: z.string() });

/** GET /api/breaches/:id/notice: the texts (saved, else drafted), who would get it, the send report. */
export const breachNoticeSchema = z.object({
  texts: z.object({ es: noticeOut, en: noticeOut, fr: noticeOut }),
  saved: z.boolean(),
  families: z.number(),
  recipients: z.number(),
  sentAt: z.string().nullable(),
  report: z.array(reportRowSchema),
  version: z.number(),
});
export type BreachNotice = z.infer<typeof breachNoticeSchema>;
export type BreachNoticeTexts = z.input<typeof noticeTexts>;
