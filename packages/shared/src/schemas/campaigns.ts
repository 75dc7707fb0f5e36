import { z } from "zod";
import { LEVEL_CODES } from "../rules/levels.ts";
import { idParam, text, tokenField } from "./fields.ts";
import { paragraph, positiveInt } from "./workflow.ts";

/**
 * Re-enrollment campaigns (docs/rules/campaigns.md): the staff's campaign per school year, each
 * family's answer per child, the figures and their lists. Strict bodies; messages are
 * `validation.*` keys.
 */

/** A child's answer: returns next year, leaves the school (with a reason), or not decided yet. */
export const CAMPAIGN_ANSWERS = ["returns", "leaves", "undecided"] as const;
export type CampaignAnswer = (typeof CAMPAIGN_ANSWERS)[number];

/** The figures of the campaign page; each opens its list of children. */
export const CAMPAIGN_FIGURES = ["answered", "returning", "leaving", "undecided", "notAnswered"] as const;
export type CampaignFigure = (typeof CAMPAIGN_FIGURES)[number];

/** scheduled: before its opening date; open: families may answer; closed: past its deadline. */
export const CAMPAIGN_STATES = ["scheduled", "open", "closed"] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

export const DEFAULT_REMINDER_DAYS = [14, 7, 1] as const;
export const CAMPAIGN_MESSAGE_MAX = 2000;
export const CAMPAIGN_REMINDERS_MAX = 6;

/** A calendar day, YYYY-MM-DD, that exists. */
const day = z
  .string({ error: "validation.date" })
  .max(10, { error: "validation.date" })
  .refine(
    (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    { error: "validation.date" },
  );

const message = paragraph(CAMPAIGN_MESSAGE_MAX);

const campaignFields = {
  opensOn: day,
  deadline: day,
  /** Empty: every level of the year's enrolled students. */
  levels: z
    .array(z.enum(LEVEL_CODES, { error: "validation.choice" }), { error: "validation.invalidType" })
    .max(LEVEL_CODES.length, { error: "validation.tooManyItems" })
    .refine((items) => new Set(items).size === items.length, { error: "validation.invalidType" }),
  /** One text for every language (the Spanish one), or one per language. */
  sameMessage: z.boolean({ error: "validation.invalidType" }),
  message: z.strictObject({ es: message, en: message, fr: message }, { error: "validation.invalidType" }),
  reminderDays: z
    .array(
      z
        .number({ error: "validation.invalidType" })
        .int({ error: "validation.campaign.reminderDay" })
        .min(1, { error: "validation.campaign.reminderDay" })
        .max(90, { error: "validation.campaign.reminderDay" }),
      { error: "validation.invalidType" },
    )
    .max(CAMPAIGN_REMINDERS_MAX, { error: "validation.tooManyItems" })
    .refine((items) => new Set(items).size === items.length, { error: "validation.campaign.reminderDay" }),
};

type CampaignFieldsInput = { opensOn: string; deadline: string; sameMessage: boolean; message: Record<string, string> };

/** The deadline after the opening; the message written (in Spanish, or in each language). */
function checkCampaign(value: CampaignFieldsInput, ctx: z.RefinementCtx) {
  if (value.deadline <= value.opensOn) {
    ctx.addIssue({ code: "custom", path: ["deadline"], message: "validation.campaign.deadlineOrder" });
  }
  for (const language of value.sameMessage ? ["es"] : ["es", "en", "fr"]) {
    if (!value.message[language]) {
      ctx.addIssue({ code: "custom", path: ["message", language], message: "validation.required" });
    }
  }
}

export const campaignCreateSchema = z
  .strictObject({ schoolYearId: positiveInt, ...campaignFields })
  .superRefine(checkCampaign);
export type CampaignCreateInput = z.input<typeof campaignCreateSchema>;

export const campaignUpdateSchema = z
  .strictObject({ version: positiveInt, ...campaignFields })
  .superRefine(checkCampaign);
export type CampaignUpdateInput = z.input<typeof campaignUpdateSchema>;

export const campaignIdParams = z.strictObject({ id: idParam });

export const campaignAnswersQuery = z.strictObject({
  figure: z.enum(CAMPAIGN_FIGURES, { error: "validation.choice" }),
  /** One level's children; none: every level. */
  level: z.enum(LEVEL_CODES, { error: "validation.choice" }).optional(),
});
export const campaignExportQuery = campaignAnswersQuery.extend({
  format: z.enum(["csv", "xlsx"], { error: "validation.choice" }),
});

const childAnswer = z
  .strictObject({
    studentId: positiveInt,
    answer: z.enum(CAMPAIGN_ANSWERS, { error: "validation.choice" }),
    reasonCode: text(40).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.answer === "leaves" && !value.reasonCode) {
      ctx.addIssue({ code: "custom", path: ["reasonCode"], message: "validation.campaign.reasonRequired" });
    }
    if (value.answer !== "leaves" && value.reasonCode) {
      ctx.addIssue({ code: "custom", path: ["reasonCode"], message: "validation.invalidType" });
    }
  });
const answersField = z
  .array(childAnswer, { error: "validation.invalidType" })
  .min(1, { error: "validation.required" })
  .max(30, { error: "validation.tooManyItems" });

/** A signed-in family's answer for all its covered children at once. */
export const familyAnswerSchema = z.strictObject({ answers: answersField });
export type FamilyAnswerInput = z.input<typeof familyAnswerSchema>;
/** The e-mailed link's form: the token stands for the family. */
export const linkOpenSchema = z.strictObject({ token: tokenField });
export const linkAnswerSchema = z.strictObject({ token: tokenField, answers: answersField });

// Responses.

const figuresSchema = z.object({
  covered: z.number(),
  answered: z.number(),
  returning: z.number(),
  leaving: z.number(),
  undecided: z.number(),
  notAnswered: z.number(),
});
export type CampaignFigures = z.infer<typeof figuresSchema>;

export const campaignSummarySchema = z.object({
  id: z.number(),
  schoolYearId: z.number(),
  schoolYearLabel: z.string(),
  opensOn: z.string(),
  deadline: z.string(),
  state: z.enum(CAMPAIGN_STATES),
  families: z.number(),
  answeredFamilies: z.number(),
});
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;
export const campaignListSchema = z.object({ items: z.array(campaignSummarySchema) });

export const campaignDetailSchema = campaignSummarySchema.extend({
  version: z.number(),
  levels: z.array(z.string()),
  sameMessage: z.boolean(),
  message: z.object({ es: z.string(), en: z.string(), fr: z.string() }),
  reminderDays: z.array(z.number()),
  openedAt: z.string().nullable(),
  figures: figuresSchema,
  byLevel: z.array(figuresSchema.extend({ levelCode: z.string().nullable() })),
  reasons: z.array(z.object({ code: z.string(), label: z.string(), count: z.number() })),
  sends: z.array(
    z.object({
      familyName: z.string(),
      recipients: z.string(),
      /** "opening", or the reminder's days before the deadline. */
      step: z.string(),
      sentAt: z.string(),
    }),
  ),
});
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;

export const campaignAnswerRowSchema = z.object({
  familyName: z.string(),
  studentName: z.string(),
  levelCode: z.string().nullable(),
  answer: z.enum(CAMPAIGN_ANSWERS).nullable(),
  reason: z.string().nullable(),
  answeredAt: z.string().nullable(),
});
export type CampaignAnswerRow = z.infer<typeof campaignAnswerRowSchema>;
export const campaignAnswerListSchema = z.object({ items: z.array(campaignAnswerRowSchema) });

/** A family's form: the campaign's words in its language, its children and their answers so far. */
export const familyCampaignSchema = z.object({
  id: z.number(),
  schoolYearLabel: z.string(),
  deadline: z.string(),
  open: z.boolean(),
  message: z.string(),
  contact: z.object({ school: z.string(), email: z.string() }),
  answeredAt: z.string().nullable(),
  children: z.array(
    z.object({
      studentId: z.number(),
      name: z.string(),
      levelCode: z.string().nullable(),
      answer: z.enum(CAMPAIGN_ANSWERS).nullable(),
      reasonCode: z.string().nullable(),
    }),
  ),
  reasons: z.array(z.object({ code: z.string(), label: z.string() })),
});
export type FamilyCampaign = z.infer<typeof familyCampaignSchema>;
export const familyCampaignListSchema = z.object({ items: z.array(familyCampaignSchema) });
