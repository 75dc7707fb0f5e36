import type { AnyDb } from "./schema-helpers.ts";

/*
 * Documents (modules/documents/): the hand-in checklist of the signed paper documents
 * (contract, exit authorization, image consent). One row per request and item once staff first
 * record it; no row reads as "not received, version 0". `version` guards concurrent saves (a stale
 * one answers 409). `recorded_by` has no foreign key, like the other "who" columns: a log of who
 * recorded it must not block deleting an account.
 */

const TABLE = "document_hand_ins";

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable(TABLE)
    .addColumn("request_id", "integer", (col) => col.notNull().references("requests.id").onDelete("cascade"))
    .addColumn("item", "varchar(30)", (col) => col.notNull())
    .addColumn("received", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("received_on", "varchar(10)")
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("recorded_by", "integer")
    .addColumn("recorded_at", "varchar(30)", (col) => col.notNull())
    .addPrimaryKeyConstraint("document_hand_ins_pk", ["request_id", "item"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable(TABLE).execute();
}
