import type { AnyDb } from "./schema-helpers.ts";
import { withId } from "./schema-helpers.ts";

/*
 * Re-enrollment campaigns (docs/rules/campaigns.md). `reenrollment_campaigns` is one campaign per
 * school year (the unique index): its dates (YYYY-MM-DD, school days, both included), message per
 * language, levels (JSON, empty: every level) and reminder days (JSON). At the opening the covered
 * families and children are written once (`campaign_families`, `campaign_children`), so the
 * figures count a fixed population. `campaign_links` holds the SHA-256 of each e-mailed link's
 * token (never the token). `campaign_sends` is one row per family and step ("opening", or the
 * reminder's days before the deadline): its primary key keeps a sweep stopped half-way, or two
 * server processes, from sending the same e-mail twice. A family's account erased takes its rows
 * with it (cascade).
 */

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable("reenrollment_campaigns"))
    .addColumn("school_year_id", "integer", (col) => col.notNull().references("school_years.id"))
    .addColumn("opens_on", "varchar(10)", (col) => col.notNull())
    .addColumn("deadline", "varchar(10)", (col) => col.notNull())
    .addColumn("levels", "text", (col) => col.notNull())
    .addColumn("same_message", "integer", (col) => col.notNull())
    .addColumn("message_es", "text", (col) => col.notNull())
    .addColumn("message_en", "text", (col) => col.notNull())
    .addColumn("message_fr", "text", (col) => col.notNull())
    .addColumn("reminder_days", "text", (col) => col.notNull())
    .addColumn("opened_at", "varchar(30)")
    .addColumn("created_by", "integer", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .addColumn("updated_at", "varchar(30)", (col) => col.notNull())
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex("reenrollment_campaigns_year")
    .on("reenrollment_campaigns")
    .column("school_year_id")
    .unique()
    .execute();

  await db.schema
    .createTable("campaign_families")
    .addColumn("campaign_id", "integer", (col) =>
      col.notNull().references("reenrollment_campaigns.id").onDelete("cascade"),
    )
    .addColumn("family_user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("answered_at", "varchar(30)")
    .addColumn("answered_by", "integer", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("answered_via", "varchar(10)")
    .addPrimaryKeyConstraint("campaign_families_pk", ["campaign_id", "family_user_id"])
    .execute();

  await db.schema
    .createTable("campaign_children")
    .addColumn("campaign_id", "integer", (col) =>
      col.notNull().references("reenrollment_campaigns.id").onDelete("cascade"),
    )
    .addColumn("student_id", "integer", (col) => col.notNull().references("students.id").onDelete("cascade"))
    .addColumn("family_user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("level_code", "varchar(40)")
    .addColumn("answer", "varchar(10)")
    .addColumn("reason_code", "varchar(40)")
    .addColumn("answered_at", "varchar(30)")
    .addPrimaryKeyConstraint("campaign_children_pk", ["campaign_id", "student_id"])
    .execute();
  await db.schema
    .createIndex("campaign_children_family")
    .on("campaign_children")
    .columns(["campaign_id", "family_user_id"])
    .execute();

  await db.schema
    .createTable("campaign_links")
    .addColumn("token_hash", "varchar(64)", (col) => col.primaryKey())
    .addColumn("campaign_id", "integer", (col) =>
      col.notNull().references("reenrollment_campaigns.id").onDelete("cascade"),
    )
    .addColumn("family_user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("campaign_sends")
    .addColumn("campaign_id", "integer", (col) =>
      col.notNull().references("reenrollment_campaigns.id").onDelete("cascade"),
    )
    .addColumn("family_user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("step", "varchar(10)", (col) => col.notNull())
    .addColumn("recipients", "text", (col) => col.notNull())
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .addPrimaryKeyConstraint("campaign_sends_pk", ["campaign_id", "family_user_id", "step"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("campaign_sends").execute();
  await db.schema.dropTable("campaign_links").execute();
  await db.schema.dropTable("campaign_children").execute();
  await db.schema.dropTable("campaign_families").execute();
  await db.schema.dropTable("reenrollment_campaigns").execute();
}
