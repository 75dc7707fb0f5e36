import type { AnyDb } from "./schema-helpers.ts";
import { withId } from "./schema-helpers.ts";

/*
 * The automatic reminders to families (docs/rules/reminders.md). `reminder_mails` is one e-mail
 * to a family on one school day: its unique (family, day) keeps it to one a day whichever server
 * process runs the sweep, and however often a sweep stopped half-way is run again. `reminder_items`
 * are the causes that e-mail listed (a file not sent, documents not handed in, a photo not
 * replaced), each with the moment its cause began, so the repeats are counted per episode.
 */

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable("reminder_mails"))
    // An erased family's account takes its reminders with it.
    .addColumn("family_user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("day", "varchar(10)", (col) => col.notNull())
    .addColumn("language", "varchar(8)", (col) => col.notNull())
    // The retention purge deletes old e-mails: the reminder stays, its delivery state gone.
    .addColumn("outbox_id", "integer", (col) => col.references("mail_outbox.id").onDelete("set null"))
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .addUniqueConstraint("reminder_mails_family_day", ["family_user_id", "day"])
    .execute();
  await db.schema.createIndex("reminder_mails_day").on("reminder_mails").column("day").execute();

  await db.schema
    .createTable("reminder_items")
    .addColumn("mail_id", "integer", (col) => col.notNull().references("reminder_mails.id").onDelete("cascade"))
    .addColumn("cause", "varchar(24)", (col) => col.notNull())
    // The file (draftNotSent) or the request (documentsOverdue, photoRejected) it is about.
    .addColumn("subject_id", "integer", (col) => col.notNull())
    .addColumn("started_at", "varchar(30)", (col) => col.notNull())
    .addColumn("request_id", "integer", (col) => col.references("requests.id").onDelete("set null"))
    .addPrimaryKeyConstraint("reminder_items_pk", ["mail_id", "cause", "subject_id"])
    .execute();
  await db.schema.createIndex("reminder_items_subject").on("reminder_items").columns(["cause", "subject_id"]).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("reminder_items").execute();
  await db.schema.dropTable("reminder_mails").execute();
}
