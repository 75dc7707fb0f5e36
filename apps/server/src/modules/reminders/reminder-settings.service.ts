import {
  DEFAULT_REMINDER_RULES,
  isReminderCause,
  RECENT_REMINDERS,
  REMINDER_CAUSES,
  type ReminderRules,
  type ReminderSettingsInput,
  type ReminderSettingsPage,
  reminderRuleSchema,
} from "@portal/shared/schemas/reminders";
import type { AppContext } from "../../context.ts";
import { readJsonSetting, readJsonSettingForEdit, saveJsonSetting } from "../settings/settings.service.ts";
import { findRecentReminders, findReminderItems } from "./reminders.repository.ts";

/** Settings › Reminders: one JSON row of `settings`; no row, or a cause unreadable in it, means the default. */
const KEY = "reminders";

function mergeRules(value: unknown): ReminderRules {
  const saved = (value ?? {}) as Record<string, unknown>;
  const out = structuredClone(DEFAULT_REMINDER_RULES);
  for (const cause of REMINDER_CAUSES) {
    const parsed = reminderRuleSchema.safeParse(saved[cause]);
    if (parsed.success) out[cause] = parsed.data;
  }
  return out;
}

/** The rules in force (the sweep reads them at every run, through the settings' short cache). */
export async function reminderRules(ctx: AppContext): Promise<ReminderRules> {
  return mergeRules(await readJsonSetting(ctx, KEY));
}

const DELIVERY = new Set(["pending", "sent", "failed"]);

/** GET /api/settings/reminders: the rules with their version, and the latest reminders sent. */
export async function reminderSettingsPage(ctx: AppContext): Promise<ReminderSettingsPage> {
  const { value, version } = await readJsonSettingForEdit(ctx, KEY);
  const mails = await findRecentReminders(ctx.db, RECENT_REMINDERS);
  const items = await findReminderItems(
    ctx.db,
    mails.map((mail) => mail.id),
  );
  return {
    rules: mergeRules(value),
    version,
    recent: mails.map((mail) => ({
      id: mail.id,
      day: mail.day,
      familyName: [mail.names, mail.first_surname].filter(Boolean).join(" "),
      email: mail.email,
      causes: items
        .filter((item) => item.mail_id === mail.id)
        .flatMap((item) =>
          isReminderCause(item.cause) ? [{ cause: item.cause, code: item.code, student: item.student ?? "" }] : [],
        )
        // A request's documents to sign are one item each but one line in the e-mail: listed once.
        .filter(
          (item, index, all) =>
            item.code === null ||
            all.findIndex((other) => other.cause === item.cause && other.code === item.code) === index,
        ),
      delivery: mail.status && DELIVERY.has(mail.status) ? (mail.status as "pending" | "sent" | "failed") : null,
    })),
  };
}

/** PUT /api/settings/reminders: every cause at once, guarded by the version read; audited. */
export async function updateReminderSettings(
  ctx: AppContext,
  actor: { userId: number; ip: string },
  input: ReminderSettingsInput,
): Promise<ReminderSettingsPage> {
  const { version, ...after } = input;
  const before = mergeRules((await readJsonSettingForEdit(ctx, KEY)).value);
  await saveJsonSetting(ctx, actor, { key: KEY, section: "reminders", before, after, version });
  return reminderSettingsPage(ctx);
}
