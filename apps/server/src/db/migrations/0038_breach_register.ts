import type { AnyDb } from "./schema-helpers.ts";
import { withId } from "./schema-helpers.ts";

/*
 * The personal-data breach register (LOPDP art. 43 and 46, docs/rules/data-protection.md "Breach
 * register"). `breaches` is the incident and its two clocks' ends (the Authority notified, the
 * families notified); `breach_families` the families picked one by one; `breach_notices` one row per
 * e-mail of the families' notice (its delivery is the outbox row's); `breach_reminders` one row per
 * incident and school day a reminder went out, its primary key keeping it to one a day across
 * server processes. Times are the school's local time as typed (YYYY-MM-DDTHH:MM); the clocks count
 * the school's days.
 */

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable("breaches"))
    .addColumn("title", "varchar(200)", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull())
    .addColumn("occurred_at", "varchar(16)", (col) => col.notNull())
    .addColumn("discovered_at", "varchar(16)", (col) => col.notNull())
    .addColumn("categories", "text", (col) => col.notNull())
    .addColumn("family_scope", "varchar(16)", (col) => col.notNull())
    .addColumn("school_year_id", "integer", (col) => col.references("school_years.id"))
    .addColumn("rights_at_risk", "integer", (col) => col.notNull())
    .addColumn("measures", "text", (col) => col.notNull())
    .addColumn("contact", "text", (col) => col.notNull())
    .addColumn("authority_notified_on", "varchar(10)")
    .addColumn("authority_reference", "varchar(200)", (col) => col.notNull().defaultTo(""))
    .addColumn("notice_texts", "text")
    .addColumn("families_notified_at", "varchar(30)")
    .addColumn("created_by", "integer", (col) => col.references("users.id"))
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .addColumn("updated_at", "varchar(30)", (col) => col.notNull())
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable("breach_families")
    .addColumn("breach_id", "integer", (col) => col.notNull().references("breaches.id").onDelete("cascade"))
    // An erased family (its account deleted) leaves the register's lists with it.
    .addColumn("family_user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("breach_families_pk", ["breach_id", "family_user_id"])
    .execute();

  await withId(db, db.schema.createTable("breach_notices"))
    .addColumn("breach_id", "integer", (col) => col.notNull().references("breaches.id").onDelete("cascade"))
    .addColumn("family_user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (col) => col.references("users.id").onDelete("set null"))
    // The retention purge deletes old e-mails: the notice row stays, its e-mail marked gone.
    .addColumn("outbox_id", "integer", (col) => col.references("mail_outbox.id").onDelete("set null"))
    .addColumn("language", "varchar(8)", (col) => col.notNull())
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("breach_notices_breach").on("breach_notices").column("breach_id").execute();

  await db.schema
    .createTable("breach_reminders")
    .addColumn("breach_id", "integer", (col) => col.notNull().references("breaches.id").onDelete("cascade"))
    .addColumn("day", "varchar(10)", (col) => col.notNull())
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .addPrimaryKeyConstraint("breach_reminders_pk", ["breach_id", "day"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("breach_reminders").execute();
  await db.schema.dropTable("breach_notices").execute();
  await db.schema.dropTable("breach_families").execute();
  await db.schema.dropTable("breaches").execute();
}
