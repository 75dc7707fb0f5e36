import { type AnyDb, withId } from "./schema-helpers.ts";

/*
 * Data-rights requests (LOPDP arts. 13–17, docs/rules/data-protection.md "Data-rights requests"):
 * what a family asked, about whom, who acted, the legal deadline (a school day, YYYY-MM-DD) and the
 * staff's answer. `student_id` is emptied if the child's record is erased, so the request (the
 * school's proof that it answered) outlives the data it was about; erasing the whole family
 * (its accounts) takes its requests with it, as it takes its e-mails.
 */

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable("data_rights_requests"))
    .addColumn("family_user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("filed_by", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "varchar(16)", (col) => col.notNull())
    .addColumn("subject", "varchar(16)", (col) => col.notNull())
    .addColumn("student_id", "integer", (col) => col.references("students.id").onDelete("set null"))
    .addColumn("actor", "varchar(16)", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull())
    .addColumn("state", "varchar(16)", (col) => col.notNull())
    .addColumn("filed_at", "varchar(30)", (col) => col.notNull())
    .addColumn("deadline_on", "varchar(10)", (col) => col.notNull())
    .addColumn("started_at", "varchar(30)")
    .addColumn("started_by", "integer", (col) => col.references("users.id"))
    .addColumn("closed_at", "varchar(30)")
    .addColumn("closed_by", "integer", (col) => col.references("users.id"))
    .addColumn("answer", "text")
    .execute();
  await db.schema
    .createIndex("data_rights_requests_family")
    .on("data_rights_requests")
    .column("family_user_id")
    .execute();
  await db.schema
    .createIndex("data_rights_requests_deadline")
    .on("data_rights_requests")
    .columns(["deadline_on", "id"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("data_rights_requests").execute();
}
