import { isMailKind, isMailStatus } from "@portal/shared/mail";
import type { RequestMail, RequestMails } from "@portal/shared/schemas/request-mails";
import type { AppContext } from "../../context.ts";
import { writeTransaction } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { AppError } from "../../lib/errors.ts";
import { findOutboxRow, listRequestOutboxRows, type OutboxRow } from "../../mail/outbox.repository.ts";
import { queueCopy } from "../../mail/outbox.ts";
import type { CurrentUser } from "../../plugins/request-types.ts";
import { findRequestOwner } from "./request-mails.repository.ts";

/**
 * The e-mails sent to a family about one request, on the request's staff page: what
 * was sent, to whom, and where its delivery stands; a sent or failed one can be sent again. The
 * route's permission (inscriptionsView / inscriptionsManage) is the access check: any staff member
 * who may see the request may see its mails.
 */

const notFound = () => new AppError(404, "REQUEST_NOT_FOUND");

function toMail(row: OutboxRow): RequestMail {
  return {
    id: row.id,
    kind: isMailKind(row.kind) ? row.kind : "requestStatusChanged",
    to: row.to_address,
    subject: row.subject,
    status: isMailStatus(row.status) ? row.status : "pending",
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    nextAttemptAt: row.status === "pending" ? row.next_attempt_at : null,
    resentFrom: row.resent_from,
  };
}

export async function listRequestMails(ctx: AppContext, requestId: number): Promise<RequestMails> {
  if (!(await findRequestOwner(ctx.db, requestId))) throw notFound();
  return { mails: (await listRequestOutboxRows(ctx.db, requestId)).map(toMail) };
}

/**
 * Queues a copy of a sent or failed mail as a new message (its own Message-ID: mail systems drop a
 * repeat of one they have seen). A mail still pending is on its way already: 409.
 */
export async function resendRequestMail(
  ctx: AppContext,
  user: CurrentUser,
  meta: { ip: string },
  requestId: number,
  mailId: number,
): Promise<RequestMails> {
  const owner = await findRequestOwner(ctx.db, requestId);
  if (!owner) throw notFound();
  const row = await findOutboxRow(ctx.db, mailId);
  if (!row || row.request_id !== requestId) throw new AppError(404, "MAIL_NOT_FOUND");
  if (row.status === "pending") throw new AppError(409, "MAIL_PENDING");
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const copy = await queueCopy(ctx, trx, row);
    await recordAudit(trx, {
      event: "request.mailResent",
      actorUserId: user.id,
      subjectUserId: owner.user_id,
      ip: meta.ip,
      details: { requestId, code: owner.code, mailId, copyId: copy, kind: row.kind, to: row.to_address },
    });
  });
  ctx.outbox.kick();
  return listRequestMails(ctx, requestId);
}
