import { z } from "zod";
import { versionField } from "./general-settings.ts";

/**
 * Settings › Reminders (docs/rules/reminders.md): the automatic reminder e-mails to families.
 * Each cause has its switch and its times: the first reminder `afterDays` days after the cause
 * began, then again every `repeatDays` days while it lasts, at most `maxTimes` reminders in all.
 */
export const REMINDER_CAUSES = ["draftNotSent", "documentsOverdue", "photoRejected", "signaturesPending"] as const;
export type ReminderCause = (typeof REMINDER_CAUSES)[number];

export function isReminderCause(value: unknown): value is ReminderCause {
  return typeof value === "string" && (REMINDER_CAUSES as readonly string[]).includes(value);
}

/** The bounds the screen shows and the server enforces. */
export const REMINDER_LIMITS = {
  afterDays: { min: 1, max: 60 },
  repeatDays: { min: 1, max: 60 },
  maxTimes: { min: 1, max: 10 },
} as const;

const days = (field: keyof typeof REMINDER_LIMITS) =>
  z
    .number({ error: "validation.invalidType" })
    .int({ error: `validation.reminder.${field}` })
    .min(REMINDER_LIMITS[field].min, { error: `validation.reminder.${field}` })
    .max(REMINDER_LIMITS[field].max, { error: `validation.reminder.${field}` });

export const reminderRuleSchema = z.strictObject({
  enabled: z.boolean({ error: "validation.invalidType" }),
  afterDays: days("afterDays"),
  repeatDays: days("repeatDays"),
  maxTimes: days("maxTimes"),
});
export type ReminderRule = z.infer<typeof reminderRuleSchema>;

const rules = {
  draftNotSent: reminderRuleSchema,
  documentsOverdue: reminderRuleSchema,
  photoRejected: reminderRuleSchema,
  signaturesPending: reminderRuleSchema,
} satisfies Record<ReminderCause, typeof reminderRuleSchema>;

export const reminderSettingsInputSchema = z.strictObject({ ...rules, version: versionField });
export type ReminderSettingsInput = z.infer<typeof reminderSettingsInputSchema>;
export type ReminderRules = Record<ReminderCause, ReminderRule>;

/** Off until the Admin switches a reminder on: a new portal e-mails no family by surprise. */
export const DEFAULT_REMINDER_RULES: ReminderRules = {
  draftNotSent: { enabled: false, afterDays: 3, repeatDays: 7, maxTimes: 3 },
  documentsOverdue: { enabled: false, afterDays: 2, repeatDays: 7, maxTimes: 3 },
  photoRejected: { enabled: false, afterDays: 3, repeatDays: 7, maxTimes: 3 },
  signaturesPending: { enabled: false, afterDays: 3, repeatDays: 7, maxTimes: 3 },
};

/** One reminder e-mail sent, as the Admin's screen lists it. */
export const reminderSentSchema = z.object({
  id: z.number(),
  day: z.string(),
  familyName: z.string(),
  email: z.string(),
  causes: z.array(z.object({ cause: z.enum(REMINDER_CAUSES), code: z.string().nullable(), student: z.string() })),
  /** The e-mail's delivery: pending, sent, failed, or null once the outbox row was purged. */
  delivery: z.enum(["pending", "sent", "failed"]).nullable(),
});
export type ReminderSent = z.infer<typeof reminderSentSchema>;

export const reminderSettingsPageSchema = z.object({
  rules: z.object(rules),
  version: z.number(),
  /** The latest reminder e-mails, newest first (RECENT_REMINDERS of them at most). */
  recent: z.array(reminderSentSchema),
});
export type ReminderSettingsPage = z.infer<typeof reminderSettingsPageSchema>;

export const RECENT_REMINDERS = 30;
