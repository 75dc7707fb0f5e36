import { z } from "zod";
import { LANGUAGE_CODES, type Language } from "../languages.ts";
import { MAIL_STATUSES } from "../mail.ts";
import { campaignAnswersQuery } from "./campaigns.ts";
import { idParam, text } from "./fields.ts";
import { REPORT_IDS } from "./reports.ts";
import { requestFilterFields, requestListQuerySchema } from "./requests.ts";
import { paragraph } from "./workflow.ts";

/**
 * Messages from the school to families (docs/rules/messages.md): the secretary writes to the
 * families of a list the portal already filters, the outbox e-mails every address in its language,
 * and each family reads its messages on its "Mensajes" page. Strict bodies; messages are
 * `validation.*` keys.
 */

export const MESSAGE_SUBJECT_MAX = 200;
export const MESSAGE_BODY_MAX = 10_000;

/**
 * Who a message goes to: the families of a list, named by the list's own filters, exactly the
 * query parameters its URL carries (the same schemas validate them, the list's service applies
 * them), or a re-enrollment campaign's figure (its families who answered, return, leave, are
 * undecided or have not answered, of one level or all). A new source is one more member of the union.
 */
export const requestsAudienceFiltersSchema = requestListQuerySchema.pick({
  schoolYearId: true,
  testData: true,
  q: true,
  status: true,
  level: true,
  kind: true,
  internalReview: true,
});
export const reportAudienceFiltersSchema = z.strictObject(requestFilterFields);

/** A campaign's figure, as the campaign page lists it (`?figure=notAnswered&level=CP`). */
export const campaignAudienceFiltersSchema = z.strictObject({
  campaignId: idParam,
  ...campaignAnswersQuery.shape,
});

export const MESSAGE_AUDIENCE_SOURCES = ["requests", "report", "campaign"] as const;
export type MessageAudienceSource = (typeof MESSAGE_AUDIENCE_SOURCES)[number];

export const messageAudienceSchema = z.discriminatedUnion(
  "source",
  [
    z.strictObject({ source: z.literal("requests"), filters: requestsAudienceFiltersSchema }),
    z.strictObject({
      source: z.literal("report"),
      report: z.enum(REPORT_IDS, { error: "validation.choice" }),
      filters: reportAudienceFiltersSchema,
    }),
    z.strictObject({ source: z.literal("campaign"), filters: campaignAudienceFiltersSchema }),
  ],
  { error: "validation.choice" },
);
export type MessageAudienceInput = z.input<typeof messageAudienceSchema>;
export type MessageAudience = z.output<typeof messageAudienceSchema>;

/** The audience and whether the Test role's accounts are in it (left out unless ticked). */
const audienceFields = {
  audience: messageAudienceSchema,
  includeTestAccounts: z.boolean({ error: "validation.invalidType" }),
};

/** POST /api/messages/audience: how many families and addresses the audience reaches now. */
export const messageAudienceQuerySchema = z.strictObject(audienceFields);

const messageText = z.strictObject({
  subject: text(MESSAGE_SUBJECT_MAX),
  body: paragraph(MESSAGE_BODY_MAX).pipe(z.string().min(1, { error: "validation.required" })),
});
export type MessageText = z.output<typeof messageText>;

/**
 * The words: one text for every language, or a text per language. Each language an address of the
 * audience reads must have its text (the server answers MESSAGE_TEXT_MISSING naming it); a text
 * given with an empty subject or body is refused field by field.
 */
export const messageTextsSchema = z.discriminatedUnion(
  "mode",
  [
    z.strictObject({ mode: z.literal("same"), text: messageText }),
    z.strictObject({
      mode: z.literal("perLanguage"),
      texts: z.strictObject({ es: messageText.optional(), en: messageText.optional(), fr: messageText.optional() }),
    }),
  ],
  { error: "validation.choice" },
);
export type MessageTextsInput = z.input<typeof messageTextsSchema>;

/** POST /api/messages: send (the secretary confirmed). */
export const messageSendSchema = z.strictObject({ ...audienceFields, texts: messageTextsSchema });
export type MessageSendInput = z.input<typeof messageSendSchema>;

export const messageIdParams = z.strictObject({ id: idParam });

const languageCounts = z.object(
  Object.fromEntries(LANGUAGE_CODES.map((code) => [code, z.number().int()])) as Record<Language, z.ZodNumber>,
);

export const messageAudienceCountSchema = z.object({
  families: z.number().int(),
  addresses: z.number().int(),
  /** Addresses per language they read: the languages that need a text. */
  byLanguage: languageCounts,
});
export type MessageAudienceCount = z.infer<typeof messageAudienceCountSchema>;

const textsByLanguage = z.object({
  es: messageText.optional(),
  en: messageText.optional(),
  fr: messageText.optional(),
});

/** queuing: a send stopped half-way (the staff page offers to resume); queued: every e-mail is in the outbox. */
export const MESSAGE_STATES = ["queuing", "queued"] as const;

/** An address's delivery: waiting (not yet queued, or in the outbox), sent, failed, removed by the retention purge. */
export const RECIPIENT_STATUSES = [...MAIL_STATUSES, "removed"] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

export const messageSummarySchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  source: z.enum(MESSAGE_AUDIENCE_SOURCES),
  state: z.enum(MESSAGE_STATES),
  families: z.number().int(),
  addresses: z.number().int(),
  sentBy: z.string(),
  createdAt: z.string(),
  /** Addresses per delivery status. */
  delivery: z.object(
    Object.fromEntries(RECIPIENT_STATUSES.map((status) => [status, z.number().int()])) as Record<
      RecipientStatus,
      z.ZodNumber
    >,
  ),
});
export type MessageSummary = z.infer<typeof messageSummarySchema>;

export const messageListSchema = z.object({ items: z.array(messageSummarySchema) });
export type MessageList = z.infer<typeof messageListSchema>;

export const messageDetailSchema = messageSummarySchema.extend({
  audience: z.object({ source: z.enum(MESSAGE_AUDIENCE_SOURCES), report: z.string().nullable() }),
  filters: z.record(z.string(), z.unknown()),
  includeTestAccounts: z.boolean(),
  texts: textsByLanguage,
  recipients: z.array(
    z.object({
      familyId: z.number().int(),
      familyName: z.string(),
      email: z.string(),
      language: z.enum(LANGUAGE_CODES),
      status: z.enum(RECIPIENT_STATUSES),
      outboxId: z.number().int().nullable(),
      sentAt: z.string().nullable(),
    }),
  ),
});
export type MessageDetail = z.infer<typeof messageDetailSchema>;

/** GET /api/account/messages: the family's messages, newest first, in the reader's language. */
export const familyMessageListSchema = z.object({
  items: z.array(z.object({ id: z.number().int(), subject: z.string(), body: z.string(), sentAt: z.string() })),
});
export type FamilyMessageList = z.infer<typeof familyMessageListSchema>;
