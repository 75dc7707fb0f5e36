import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_CODES, type Language } from "@portal/shared/languages";
import {
  type FamilyMessageList,
  MESSAGE_AUDIENCE_SOURCES,
  type MessageAudienceSource,
  type MessageDetail,
  type MessageList,
  type MessageSummary,
  type MessageText,
  type RecipientStatus,
} from "@portal/shared/schemas/messages";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/errors.ts";
import type { CurrentUser } from "../../plugins/request-types.ts";
import {
  deliveryCounts,
  familyMessages,
  findMessage,
  findSender,
  listMessages,
  type MessageRow,
  messageRecipients,
} from "./messages.repository.ts";

/** A stored message's source (one of today's, read back as such). */
const sourceOf = (source: string): MessageAudienceSource =>
  (MESSAGE_AUDIENCE_SOURCES as readonly string[]).includes(source) ? (source as MessageAudienceSource) : "requests";

/** What the staff and the families read of the messages (docs/rules/messages.md "Delivery"). */

export type Texts = Partial<Record<Language, MessageText>>;

const LIST_LIMIT = 200;

const parseTexts = (json: string) => JSON.parse(json) as Texts;

/** The text a reader of `language` gets: its own, else the first written (es, en, fr). */
function textFor(texts: Texts, language: string): MessageText {
  const own = isLanguage(language) ? texts[language] : undefined;
  return own ?? texts[DEFAULT_LANGUAGE] ?? LANGUAGE_CODES.map((code) => texts[code]).find(Boolean)!;
}

/** An address's delivery: waiting until queued and while in the outbox; removed once the purge deleted the e-mail. */
function statusOf(row: { queued_at: string | null; outbox_id: number | null; status: string | null }): RecipientStatus {
  if (row.queued_at === null) return "pending";
  if (row.outbox_id === null || row.status === null) return "removed";
  return row.status === "sent" || row.status === "failed" ? row.status : "pending";
}

const emptyDelivery = (): Record<RecipientStatus, number> => ({ pending: 0, sent: 0, failed: 0, removed: 0 });

type ListRow = Awaited<ReturnType<typeof listMessages>>[number];

function summaryOf(
  row: Pick<ListRow, "id" | "source" | "texts" | "state" | "families" | "addresses" | "created_at"> & {
    sentBy: string;
  },
  delivery: Record<RecipientStatus, number>,
  language: Language,
): MessageSummary {
  return {
    id: row.id,
    subject: textFor(parseTexts(row.texts), language).subject,
    source: sourceOf(row.source),
    state: row.state === "queued" ? "queued" : "queuing",
    families: row.families,
    addresses: row.addresses,
    sentBy: row.sentBy,
    createdAt: row.created_at,
    delivery,
  };
}

async function deliveries(ctx: AppContext, ids: number[]) {
  const byMessage = new Map<number, Record<RecipientStatus, number>>();
  for (const row of await deliveryCounts(ctx.db, ids)) {
    const delivery = byMessage.get(row.message_id) ?? emptyDelivery();
    const status = statusOf({
      queued_at: Number(row.unqueued) === 1 ? null : "queued",
      outbox_id: row.status === null ? null : 1,
      status: row.status,
    });
    delivery[status] += Number(row.count);
    byMessage.set(row.message_id, delivery);
  }
  return byMessage;
}

const nameOf = (row: { names: string | null; first_surname: string | null; email?: string | null }) =>
  [row.names, row.first_surname].filter(Boolean).join(" ") || (row.email ?? "");

/** GET /api/messages: the sent messages, newest first, each with its addresses' delivery. */
export async function listSentMessages(ctx: AppContext, language: Language): Promise<MessageList> {
  const rows = await listMessages(ctx.db, LIST_LIMIT);
  const byMessage = await deliveries(
    ctx,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) =>
      summaryOf({ ...row, sentBy: nameOf(row) }, byMessage.get(row.id) ?? emptyDelivery(), language),
    ),
  };
}

/** One message's summary: its counts and its addresses' delivery, not the addresses. */
export async function messageSummary(ctx: AppContext, id: number, language: Language): Promise<MessageSummary> {
  const row = await messageOrThrow(ctx, id);
  const sender = row.sent_by ? await findSender(ctx.db, row.sent_by) : undefined;
  const delivery = (await deliveries(ctx, [id])).get(id) ?? emptyDelivery();
  return summaryOf({ ...row, sentBy: sender ? nameOf(sender) : "" }, delivery, language);
}

async function messageOrThrow(ctx: AppContext, id: number): Promise<MessageRow> {
  const row = await findMessage(ctx.db, id);
  if (!row) throw notFound();
  return row;
}

/** GET /api/messages/:id: the message, its audience and every address's delivery. */
export async function messageDetail(ctx: AppContext, id: number, language: Language = DEFAULT_LANGUAGE) {
  const row = await messageOrThrow(ctx, id);
  const sender = row.sent_by ? await findSender(ctx.db, row.sent_by) : undefined;
  const recipients = (await messageRecipients(ctx.db, id)).map((recipient) => ({
    familyId: recipient.family_user_id,
    familyName: nameOf(recipient),
    email: recipient.to_address,
    language: isLanguage(recipient.language) ? recipient.language : DEFAULT_LANGUAGE,
    status: statusOf(recipient),
    outboxId: recipient.outbox_id,
    sentAt: recipient.sent_at,
  }));
  const delivery = emptyDelivery();
  for (const recipient of recipients) delivery[recipient.status] += 1;
  const audience = JSON.parse(row.audience) as { source: string; report?: string; filters: Record<string, unknown> };
  const detail: MessageDetail = {
    ...summaryOf({ ...row, sentBy: sender ? nameOf(sender) : "" }, delivery, language),
    audience: { source: sourceOf(audience.source), report: audience.report ?? null },
    filters: audience.filters,
    includeTestAccounts: row.include_test_accounts === 1,
    texts: parseTexts(row.texts),
    recipients,
  };
  return detail;
}

/** GET /api/account/messages: the messages sent to the reader's family, in the reader's language. */
export async function familyMessageList(ctx: AppContext, user: CurrentUser): Promise<FamilyMessageList> {
  const rows = await familyMessages(ctx.db, user.familyId, LIST_LIMIT);
  return {
    items: rows.map((row) => {
      const text = textFor(parseTexts(row.texts), user.language);
      return { id: row.id, subject: text.subject, body: text.body, sentAt: row.created_at };
    }),
  };
}
