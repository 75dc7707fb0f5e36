import { type AnyDb, withId } from "./schema-helpers.ts";

/*
 * The durable e-mail outbox (mail/outbox*.ts): every e-mail is a row written in the
 * same transaction as the change that causes it, then delivered by a worker with retries. The
 * text is rendered when the row is written (it says what was decided then); attachments are a
 * recipe rendered at delivery (the enrollment PDFs), so the row stays small.
 *
 * `request_id` and `user_id` carry no foreign key, like the user columns of migration 0005: the
 * outbox is a log that outlives what it talks about, and a deleted request must not block or take
 * its mails with it.
 */

const TABLE = "mail_outbox";

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable(TABLE))
    /** RFC 5322 Message-ID, fixed when the row is written: every attempt sends the same one. */
    .addColumn("message_id", "varchar(200)", (col) => col.notNull().unique())
    /** The worker instance (host:pid:random) of the process that queued it. */
    .addColumn("queued_by", "varchar(200)", (col) => col.notNull())
    .addColumn("kind", "varchar(40)", (col) => col.notNull())
    .addColumn("to_address", "varchar(320)", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("body_text", "text", (col) => col.notNull())
    .addColumn("body_html", "text", (col) => col.notNull())
    /** JSON recipe of the attachments rendered at delivery; null for none. */
    .addColumn("attachments", "text")
    .addColumn("request_id", "integer")
    .addColumn("user_id", "integer")
    /** pending | sent | failed */
    .addColumn("status", "varchar(20)", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "varchar(30)", (col) => col.notNull())
    /** A worker holds the row until then; a crashed worker's claim simply runs out. */
    .addColumn("locked_until", "varchar(30)")
    .addColumn("last_error", "text")
    /** The mail this one sends again (staff "resend"). */
    .addColumn("resent_from", "integer")
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .addColumn("sent_at", "varchar(30)")
    .execute();
  // The worker's question: pending rows that are due, oldest first.
  await db.schema.createIndex("mail_outbox_due_idx").on(TABLE).columns(["status", "next_attempt_at"]).execute();
  // The request page's question: a request's mails, newest first.
  await db.schema.createIndex("mail_outbox_request_idx").on(TABLE).columns(["request_id", "id"]).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable(TABLE).execute();
}
