import { type AnyDb, withId } from "./schema-helpers.ts";

/*
 * Messages from the school to families (docs/rules/messages.md). `messages`: what was written, to
 * which list (the audience spec as JSON), by whom; `message_recipients`: the plan, one row per
 * address reached, written whole in the send's first transaction, then linked to its outbox row
 * (`queued_at` set) chunk by chunk. The unique (message, account) pair keeps an address to one
 * e-mail however often a stopped send is resumed.
 */

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable("messages"))
    .addColumn("school_year_id", "integer", (col) => col.references("school_years.id").onDelete("set null"))
    .addColumn("source", "varchar(20)", (col) => col.notNull())
    .addColumn("audience", "text", (col) => col.notNull())
    .addColumn("include_test_accounts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("texts", "text", (col) => col.notNull())
    .addColumn("families", "integer", (col) => col.notNull())
    .addColumn("addresses", "integer", (col) => col.notNull())
    .addColumn("state", "varchar(10)", (col) => col.notNull())
    .addColumn("sent_by", "integer", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .addColumn("queued_at", "varchar(30)")
    .execute();

  await withId(db, db.schema.createTable("message_recipients"))
    .addColumn("message_id", "integer", (col) => col.notNull().references("messages.id").onDelete("cascade"))
    .addColumn("family_user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("to_address", "varchar(254)", (col) => col.notNull())
    .addColumn("language", "varchar(8)", (col) => col.notNull())
    // The retention purge deletes old e-mails: the row stays, its e-mail marked gone.
    .addColumn("outbox_id", "integer", (col) => col.references("mail_outbox.id").onDelete("set null"))
    .addColumn("queued_at", "varchar(30)")
    .addUniqueConstraint("message_recipients_once", ["message_id", "user_id"])
    .execute();
  await db.schema.createIndex("message_recipients_family").on("message_recipients").column("family_user_id").execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("message_recipients").execute();
  await db.schema.dropTable("messages").execute();
}
