import { setImmediate as nextTurn } from "node:timers/promises";
import { LANGUAGE_CODES, LANGUAGES, type Language } from "@portal/shared/languages";
import type {
  MessageAudienceCount,
  MessageSummary,
  MessageText,
  messageAudienceQuerySchema,
  messageSendSchema,
} from "@portal/shared/schemas/messages";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { nowIso, writeTransaction } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { AppError, conflict, notFound } from "../../lib/errors.ts";
import { renderFamilyMessage } from "../../mail/family-message.ts";
import { queueMails } from "../../mail/outbox.ts";
import { audienceSchoolYear, countAudience, resolveAudience } from "./message-audience.ts";
import { messageSummary, type Texts } from "./message-view.ts";
import {
  findMessage,
  insertMessage,
  insertRecipients,
  markQueued,
  setMessageQueued,
  unqueuedRecipients,
} from "./messages.repository.ts";

/**
 * Sending a message to families (docs/rules/messages.md "Sending"). The audience is resolved by
 * the list's own service; the plan (one row per address) is written in one transaction with the
 * message and its audit row; then the e-mails are queued in the outbox in chunks, each chunk one
 * short transaction that inserts its outbox rows and marks its plan rows queued, with an
 * event-loop turn between chunks so the portal keeps answering. A send stopped half-way (a
 * database error, the process stopped) leaves the message "queuing": the rows queued stay, and a
 * resume queues only the plan rows still unqueued, so no address gets two e-mails.
 */

export interface Actor {
  userId: number;
  ip: string;
}

/**
 * Addresses queued per transaction: with 200, a health check arriving during a 2,000-address send
 * on SQLite waited for most of it (docs/performance.md).
 */
export const QUEUE_CHUNK = 50;

type AudienceQuery = z.output<typeof messageAudienceQuerySchema>;

export async function audienceCount(
  ctx: AppContext,
  sessionSchoolYearId: number,
  query: AudienceQuery,
): Promise<MessageAudienceCount> {
  return countAudience(await resolveAudience(ctx, sessionSchoolYearId, query.audience, query.includeTestAccounts));
}

/** The text of each language: the same for all, or the ones written. */
function textsOf(input: z.output<typeof messageSendSchema>["texts"]): Texts {
  if (input.mode === "same") return Object.fromEntries(LANGUAGE_CODES.map((code) => [code, input.text])) as Texts;
  return Object.fromEntries(LANGUAGE_CODES.flatMap((code) => (input.texts[code] ? [[code, input.texts[code]]] : [])));
}

const languageName = (code: Language) => LANGUAGES.find((language) => language.code === code)?.name ?? code;

export async function sendMessage(
  ctx: AppContext,
  actor: Actor,
  sessionSchoolYearId: number,
  language: Language,
  input: z.output<typeof messageSendSchema>,
): Promise<MessageSummary> {
  const audience = await resolveAudience(ctx, sessionSchoolYearId, input.audience, input.includeTestAccounts);
  if (audience.accounts.length === 0) throw new AppError(400, "MESSAGE_NO_RECIPIENTS");
  const texts = textsOf(input.texts);
  for (const code of LANGUAGE_CODES) {
    if (!texts[code] && audience.accounts.some((account) => account.language === code)) {
      throw new AppError(400, "MESSAGE_TEXT_MISSING", { language: languageName(code) });
    }
  }
  const schoolYearId = await audienceSchoolYear(ctx, sessionSchoolYearId, input.audience);
  const id = await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const messageId = await insertMessage(trx, {
      schoolYearId,
      source: input.audience.source,
      audience: JSON.stringify(input.audience),
      includeTestAccounts: input.includeTestAccounts,
      texts: JSON.stringify(texts),
      families: audience.families,
      addresses: audience.accounts.length,
      sentBy: actor.userId,
      now: nowIso(),
    });
    await insertRecipients(trx, messageId, audience.accounts);
    await recordAudit(trx, {
      event: "message.sent",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: {
        messageId,
        audience: input.audience,
        includeTestAccounts: input.includeTestAccounts,
        families: audience.families,
        addresses: audience.accounts.length,
      },
    });
    return messageId;
  });
  await queuePlanned(ctx, id);
  return messageSummary(ctx, id, language);
}

/**
 * Queues the plan's unqueued addresses, `chunk` at a time, and marks the message queued once none
 * is left. Each chunk commits by itself: a failure leaves the earlier chunks queued and this
 * chunk's rows unqueued, for a resume.
 */
export async function queuePlanned(ctx: AppContext, messageId: number, chunk = QUEUE_CHUNK): Promise<void> {
  const message = await findMessage(ctx.db, messageId);
  if (!message) throw notFound();
  const texts = JSON.parse(message.texts) as Texts;
  const link = `${ctx.config.publicUrl}/portal/mensajes`;
  try {
    for (;;) {
      const done = await writeTransaction(ctx.db, ctx.engine, async (trx) => {
        const rows = await unqueuedRecipients(trx, messageId, chunk);
        const now = nowIso();
        if (rows.length === 0) {
          await setMessageQueued(trx, messageId, now);
          return true;
        }
        const mails = rows.map((row) => {
          const language = row.language as Language;
          const text: MessageText | undefined = texts[language] ?? LANGUAGE_CODES.map((c) => texts[c]).find(Boolean);
          if (!text) throw new AppError(400, "MESSAGE_TEXT_MISSING", { language: languageName(language) });
          const {
            to,
            subject,
            text: body,
            html,
          } = renderFamilyMessage({
            language,
            to: row.to_address,
            message: text,
            link,
          });
          return { kind: "familyMessage" as const, userId: row.user_id, to, subject, text: body, html };
        });
        const outboxIds = await queueMails(ctx, trx, mails);
        const links = rows.map((row, index) => ({ id: row.id, outboxId: outboxIds[index]! }));
        // Fewer rows changed: another send queued some of them meanwhile; roll this chunk back.
        if ((await markQueued(trx, links, now)) !== links.length) throw conflict("MESSAGE_ALREADY_QUEUED");
        return false;
      });
      if (done) return;
      await nextTurn();
    }
  } finally {
    ctx.outbox.kick();
  }
}

/** POST /api/messages/:id/resume: the rest of a send that stopped half-way. */
export async function resumeMessage(
  ctx: AppContext,
  actor: Actor,
  language: Language,
  id: number,
): Promise<MessageSummary> {
  const message = await findMessage(ctx.db, id);
  if (!message) throw notFound();
  if (message.state === "queued") throw conflict("MESSAGE_ALREADY_QUEUED");
  await recordAudit(ctx.db, {
    event: "message.resumed",
    actorUserId: actor.userId,
    ip: actor.ip,
    details: { messageId: id },
  });
  await queuePlanned(ctx, id);
  return messageSummary(ctx, id, language);
}
