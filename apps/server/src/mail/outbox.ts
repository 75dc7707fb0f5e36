import { randomUUID } from "node:crypto";
import type { MailKind } from "@portal/shared/mail";
import { isDeskPlaceholderEmail } from "@portal/shared/schemas/desk";
import { type Db, nowIso } from "../db/database.ts";
import type { OutgoingMail } from "./mailer.ts";
import { insertOutboxRow, insertOutboxRows, type NewOutboxRow, type OutboxRow } from "./outbox.repository.ts";

/**
 * Queuing an e-mail. A service calls `queueMail` with the transaction of the change
 * that causes the mail, so the two commit together: a change never loses its mail, and a change
 * rolled back never sends one. After the commit the service calls `ctx.outbox.kick()` so this
 * process's worker delivers at once instead of at its next poll.
 */

/** Files rendered when the mail is delivered, not stored in the row (they are large). */
export interface AttachmentRecipe {
  /** The sent file's two PDFs (registration summary, documents to sign) in this language. */
  enrollmentDocuments: { fileId: number; language: string };
}

export interface QueuedMail extends Omit<OutgoingMail, "attachments"> {
  kind: MailKind;
  /** The request the mail is about: the staff see it, and may resend it, on the request's page. */
  requestId?: number | null;
  /** The account the mail is for, when it is one. */
  userId?: number | null;
  attachments?: AttachmentRecipe | null;
}

/** The domain part of MAIL_FROM ("Colegio <secretaria@school.ec>" → school.ec), for Message-IDs. */
export function messageIdDomain(mailFrom: string): string {
  const match = /@([A-Za-z0-9.-]+)/.exec(mailFrom);
  return match?.[1] ?? "portal.invalid";
}

/**
 * A new Message-ID, fixed for the row's life: every delivery attempt carries it, so if a worker
 * dies between the mail server's "OK" and marking the row sent, the repeat is the same message
 * and mail systems drop it as a duplicate.
 */
export function newMessageId(mailFrom: string): string {
  return `<${randomUUID()}@${messageIdDomain(mailFrom)}>`;
}

/** Who queues: the sender address (for the Message-ID) and this process's worker (its instance id). */
export interface MailQueueContext {
  readonly config: { readonly mailFrom: string };
  readonly outbox: { readonly instanceId: string };
}

function outboxRow(ctx: MailQueueContext, mail: QueuedMail, resentFrom: number | null, now: string): NewOutboxRow {
  return {
    messageId: newMessageId(ctx.config.mailFrom),
    queuedBy: ctx.outbox.instanceId,
    kind: mail.kind,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments ? JSON.stringify(mail.attachments) : null,
    requestId: mail.requestId ?? null,
    userId: mail.userId ?? null,
    resentFrom,
    now,
    // A family created at the desk without an e-mail holds a reserved `.invalid` address: its mails
    // are kept (the request's page lists them) but never tried (docs/rules/staff-workflow.md "Walk-in families").
    ...(isDeskPlaceholderEmail(mail.to) ? { undeliverable: "no e-mail address yet" } : {}),
  };
}

export async function queueMail(ctx: MailQueueContext, db: Db, mail: QueuedMail, resentFrom: number | null = null) {
  return insertOutboxRow(db, outboxRow(ctx, mail, resentFrom, nowIso()));
}

/**
 * `queueMail` for many mails at once: one INSERT per hundred rows instead of a round trip each
 * (a message to every family of a list: docs/rules/messages.md "Sending"). The ids in the order given.
 */
export async function queueMails(ctx: MailQueueContext, db: Db, mails: readonly QueuedMail[]): Promise<number[]> {
  const now = nowIso();
  const ids: number[] = [];
  for (let start = 0; start < mails.length; start += 100) {
    const rows = mails.slice(start, start + 100).map((mail) => outboxRow(ctx, mail, null, now));
    ids.push(...(await insertOutboxRows(db, rows)));
  }
  return ids;
}

/** A staff resend: the same content as a new message (a new Message-ID, or it would be dropped). */
export function queueCopy(ctx: MailQueueContext, db: Db, row: OutboxRow): Promise<number> {
  return queueMail(
    ctx,
    db,
    {
      kind: row.kind as MailKind,
      to: row.to_address,
      subject: row.subject,
      text: row.body_text,
      html: row.body_html,
      requestId: row.request_id,
      userId: row.user_id,
      attachments: row.attachments ? (JSON.parse(row.attachments) as AttachmentRecipe) : null,
    },
    row.id,
  );
}
