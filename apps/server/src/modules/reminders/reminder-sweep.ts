import { DEFAULT_LANGUAGE, isLanguage } from "@portal/shared/languages";
import { schoolDay } from "@portal/shared/rules/school-year-windows";
import { REMINDER_CAUSES, type ReminderRule, type ReminderRules } from "@portal/shared/schemas/reminders";
import type { AppContext } from "../../context.ts";
import { nowIso, writeTransaction } from "../../db/database.ts";
import { reminderLines, renderFamilyReminder } from "../../mail/family-reminder.ts";
import { queueMail } from "../../mail/outbox.ts";
import { publicLink } from "../auth/links.ts";
import { overdueHandIns } from "../documents/overdue-hand-ins.ts";
import { yearsFamiliesMayActIn } from "../school-years/school-years.service.ts";
import { getIdentity } from "../settings/identity.service.ts";
import type { Due } from "./reminder-due.ts";
import { reminderRules } from "./reminder-settings.service.ts";
import { mergeSignatureLines, pendingSignatures } from "./reminder-signatures.ts";
import {
  claimFamilyDay,
  familiesOf,
  familyAccounts,
  findDraftFiles,
  findRejectedPhotos,
  findSentItems,
  insertReminderItems,
  isEndedStatus,
  setReminderOutbox,
} from "./reminders.repository.ts";

/**
 * How often server.ts runs the sweep. Hourly, so a reminder goes out early in the school's day
 * and soon after a restart; the unique (family, day) of `reminder_mails` keeps it to one e-mail a
 * family a day whichever process runs it, and however often.
 */
export const FAMILY_REMINDER_INTERVAL_MS = 3_600_000;

/** The family's welcome page: its cards lead to the file, the documents and the photo. */
const WELCOME_PATH = "/portal/inscripciones/bienvenido";
const DAY_MS = 86_400_000;

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * Whether a cause that began at `startedAt` is due on `today` (docs/rules/reminders.md "When"):
 * the first reminder on the school day `afterDays` days after it began, then every `repeatDays`
 * days after the last, `maxTimes` in all. Only the reminders of this episode count: a photo
 * rejected again, after a new one, starts over.
 */
export function isDue(rule: ReminderRule, startedAt: string, sentDays: string[], today: string): boolean {
  if (sentDays.length === 0) return schoolDay(new Date(Date.parse(startedAt) + rule.afterDays * DAY_MS)) <= today;
  if (sentDays.length >= rule.maxTimes) return false;
  const last = [...sentDays].sort().at(-1) ?? today;
  return last < today && addDays(last, rule.repeatDays) <= today;
}

/** Each cause found in the years families may act in (the Admin's switches applied), and due today. */
async function dueCauses(ctx: AppContext, rules: ReminderRules, now: Date): Promise<Due[]> {
  const years = await yearsFamiliesMayActIn(ctx, now);
  const yearIds = years.map((year) => year.id);
  const found: Due[] = [];
  if (rules.draftNotSent.enabled) {
    for (const file of await findDraftFiles(ctx.db, yearIds)) {
      found.push({
        familyUserId: file.family_user_id,
        cause: "draftNotSent",
        subjectId: file.id,
        requestId: null,
        startedAt: file.created_at,
        line: { cause: "draftNotSent", student: file.student_name, year: file.year, code: "", since: file.created_at },
      });
    }
  }
  if (rules.documentsOverdue.enabled) {
    const overdue = [];
    for (const year of years) {
      for (const row of await overdueHandIns(ctx, year.id, now.getTime())) overdue.push({ ...row, year: year.label });
    }
    const families = await familiesOf(
      ctx.db,
      overdue.map((row) => row.userId),
    );
    for (const row of overdue) {
      const familyUserId = families.get(row.userId);
      if (familyUserId === undefined || isEndedStatus(row.requestStatus)) continue;
      found.push({
        familyUserId,
        cause: "documentsOverdue",
        subjectId: row.requestId,
        requestId: row.requestId,
        startedAt: row.dueAt,
        line: {
          cause: "documentsOverdue",
          student: row.studentName,
          year: row.year,
          code: row.code,
          since: row.dueAt,
          missing: row.missing,
        },
      });
    }
  }
  if (rules.photoRejected.enabled) {
    for (const row of await findRejectedPhotos(ctx.db, yearIds)) {
      found.push({
        familyUserId: Number(row.family_user_id),
        cause: "photoRejected",
        subjectId: row.id,
        requestId: row.id,
        startedAt: row.rejected_at,
        line: {
          cause: "photoRejected",
          student: row.student_name,
          year: row.year,
          code: row.code,
          since: row.rejected_at,
        },
      });
    }
  }
  if (rules.signaturesPending.enabled) found.push(...(await pendingSignatures(ctx, yearIds)));
  const today = schoolDay(now);
  const due: Due[] = [];
  for (const cause of REMINDER_CAUSES) {
    const ofCause = found.filter((item) => item.cause === cause);
    const sent = await findSentItems(
      ctx.db,
      cause,
      ofCause.map((item) => item.subjectId),
    );
    for (const item of ofCause) {
      const days = sent
        .filter((row) => row.subject_id === item.subjectId && row.started_at === item.startedAt)
        .map((row) => row.day);
      if (isDue(rules[cause], item.startedAt, days, today)) due.push(item);
    }
  }
  return due;
}

export interface SweepOptions {
  /** Stops between two families (the server's shutdown); the next run picks up the rest. */
  signal?: AbortSignal;
  /** Called after each family's reminder is committed. */
  onFamilyDone?: (familyUserId: number) => void;
}

/**
 * The families' automatic reminders (docs/rules/reminders.md): every cause due today, grouped
 * into one e-mail per family (to its first account and a second parent's, each in its language),
 * queued in the outbox in the transaction that claims the family's day. Returns the families
 * reminded by this run.
 */
export async function remindFamilies(ctx: AppContext, now = new Date(), opts: SweepOptions = {}): Promise<number[]> {
  const rules = await reminderRules(ctx);
  if (!Object.values(rules).some((rule) => rule.enabled)) return [];
  const today = schoolDay(now);
  const byFamily = new Map<number, Due[]>();
  for (const item of await dueCauses(ctx, rules, now)) {
    byFamily.set(item.familyUserId, [...(byFamily.get(item.familyUserId) ?? []), item]);
  }
  const reminded: number[] = [];
  const link = publicLink(ctx, WELCOME_PATH);
  for (const [familyUserId, items] of [...byFamily].sort(([a], [b]) => a - b)) {
    if (opts.signal?.aborted) break;
    const accounts = await familyAccounts(ctx.db, familyUserId);
    // A Test-role family, or one whose first account is switched off, gets none.
    if (accounts[0]?.id !== familyUserId) continue;
    const sent = await writeTransaction(ctx.db, ctx.engine, async (trx) => {
      const language = (account: { language: string }) =>
        isLanguage(account.language) ? account.language : DEFAULT_LANGUAGE;
      const mailId = await claimFamilyDay(trx, {
        familyUserId,
        day: today,
        language: language(accounts[0]!),
        now: nowIso(),
      });
      if (mailId === undefined) return false;
      await insertReminderItems(trx, mailId, items);
      const school = (await getIdentity(ctx, trx)).schoolName;
      const requests = new Set(items.map((item) => item.requestId));
      const requestId = requests.size === 1 ? ([...requests][0] ?? null) : null;
      for (const [index, account] of accounts.entries()) {
        const lang = language(account);
        const { to, subject, text, html } = renderFamilyReminder({
          language: lang,
          to: account.email,
          name: [account.names, account.first_surname].filter(Boolean).join(" "),
          school,
          items: reminderLines(lang, mergeSignatureLines(items.map((item) => item.line))),
          link,
        });
        const outboxId = await queueMail(ctx, trx, {
          kind: "familyReminder",
          requestId,
          userId: account.id,
          to,
          subject,
          text,
          html,
        });
        if (index === 0) await setReminderOutbox(trx, mailId, outboxId);
      }
      return true;
    });
    if (sent) {
      reminded.push(familyUserId);
      opts.onFamilyDone?.(familyUserId);
    }
  }
  if (reminded.length > 0) ctx.outbox.kick();
  return reminded;
}
