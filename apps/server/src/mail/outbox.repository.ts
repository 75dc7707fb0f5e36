import type { Selectable } from "kysely";
import type { Db } from "../db/database.ts";
import type { MailOutboxTable } from "../db/types.ts";

/** The e-mail outbox's queries (migration 0009). Status rules live in outbox.ts and outbox-worker.ts. */

export type OutboxRow = Selectable<MailOutboxTable>;

export interface NewOutboxRow {
  messageId: string;
  queuedBy: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: string | null;
  requestId: number | null;
  userId: number | null;
  resentFrom: number | null;
  now: string;
  /** Kept as given up at once, with this reason: an address no mail can reach. */
  undeliverable?: string;
}

const outboxValues = (row: NewOutboxRow) => ({
  message_id: row.messageId,
  queued_by: row.queuedBy,
  kind: row.kind,
  to_address: row.to,
  subject: row.subject,
  body_text: row.text,
  body_html: row.html,
  attachments: row.attachments,
  request_id: row.requestId,
  user_id: row.userId,
  resent_from: row.resentFrom,
  status: row.undeliverable ? "failed" : "pending",
  last_error: row.undeliverable ?? null,
  next_attempt_at: row.now,
  created_at: row.now,
});

export async function insertOutboxRow(db: Db, row: NewOutboxRow): Promise<number> {
  const inserted = await db
    .insertInto("mail_outbox")
    .values(outboxValues(row))
    .returning("id")
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/**
 * Many rows in one statement; the ids in the order of `rows`, matched by each row's Message-ID
 * (neither engine promises RETURNING's order for a multi-row insert).
 */
export async function insertOutboxRows(db: Db, rows: readonly NewOutboxRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto("mail_outbox")
    .values(rows.map(outboxValues))
    .returning(["id", "message_id"])
    .execute();
  const ids = new Map(inserted.map((row) => [row.message_id, row.id]));
  return rows.map((row) => {
    const id = ids.get(row.messageId);
    if (id === undefined) throw new Error(`outbox row ${row.messageId} not returned`);
    return id;
  });
}

/**
 * Pending rows due now that no live worker holds, oldest first; with `queuedBy`, only the rows that
 * worker queued (MAIL_OUTBOX_OWN_ONLY: several test portals on one database).
 */
export async function listDueOutboxIds(db: Db, now: string, limit: number, queuedBy: string | null): Promise<number[]> {
  const rows = await db
    .selectFrom("mail_outbox")
    .select("id")
    .where("status", "=", "pending")
    .$if(queuedBy !== null, (qb) => qb.where("queued_by", "=", queuedBy))
    .where("next_attempt_at", "<=", now)
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", now)]))
    .orderBy("next_attempt_at")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Takes a row for one attempt: one guarded update, so of two workers (two processes) racing for
 * it exactly one wins; the other sees 0 rows changed and moves on. Counts the attempt up front,
 * so a worker that dies mid-attempt still leaves the count right.
 */
export async function claimOutboxRow(db: Db, id: number, now: string, lockUntil: string): Promise<OutboxRow | null> {
  const claimed = await db
    .updateTable("mail_outbox")
    .set((eb) => ({ locked_until: lockUntil, attempts: eb("attempts", "+", 1) }))
    .where("id", "=", id)
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", now)
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", now)]))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return null;
  return (await findOutboxRow(db, id)) ?? null;
}

export function findOutboxRow(db: Db, id: number): Promise<OutboxRow | undefined> {
  return db.selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function markOutboxSent(db: Db, id: number, now: string): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set({ status: "sent", sent_at: now, locked_until: null, last_error: null })
    .where("id", "=", id)
    .execute();
}

export async function markOutboxRetry(db: Db, id: number, error: string, nextAttemptAt: string): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set({ next_attempt_at: nextAttemptAt, locked_until: null, last_error: error })
    .where("id", "=", id)
    .execute();
}

export async function markOutboxFailed(db: Db, id: number, error: string): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set({ status: "failed", locked_until: null, last_error: error })
    .where("id", "=", id)
    .execute();
}

/** A request's mails for its staff page, newest first. */
export function listRequestOutboxRows(db: Db, requestId: number): Promise<OutboxRow[]> {
  return db
    .selectFrom("mail_outbox")
    .selectAll()
    .where("request_id", "=", requestId)
    .orderBy("id", "desc")
    .limit(200)
    .execute();
}
