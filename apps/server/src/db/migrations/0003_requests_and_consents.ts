import type { ColumnDefinitionBuilder } from "kysely";
import { type AnyDb, withId } from "./schema-helpers.ts";

const notNull = (col: ColumnDefinitionBuilder) => col.notNull();

/**
 * The request a family's validate-and-send creates (spec 3 "Request"), and the consent
 * record: which versioned text was accepted or refused, by whom, when.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable("requests"))
    .addColumn("code", "varchar(30)", (col) => col.notNull().unique())
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
    .addColumn("file_id", "integer", (col) =>
      col.notNull().unique().references("enrollment_files.id").onDelete("cascade"),
    )
    .addColumn("school_year_id", "integer", (col) => col.notNull().references("school_years.id"))
    .addColumn("request_status", "varchar(30)", notNull)
    .addColumn("photo_status", "varchar(30)", notNull)
    .addColumn("is_test_data", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("url_file", "varchar(255)")
    .addColumn("created_at", "varchar(30)", notNull)
    .addColumn("updated_at", "varchar(30)", notNull)
    .execute();
  await db.schema
    .createIndex("requests_year_status_idx")
    .on("requests")
    .columns(["school_year_id", "request_status"])
    .execute();

  await withId(db, db.schema.createTable("consents"))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("file_id", "integer", (col) => col.notNull().references("enrollment_files.id").onDelete("cascade"))
    .addColumn("subject", "varchar(60)", notNull)
    .addColumn("text_version", "varchar(20)", notNull)
    .addColumn("accepted", "integer", notNull)
    .addColumn("ip", "varchar(64)", (col) => col.notNull().defaultTo(""))
    .addColumn("created_at", "varchar(30)", notNull)
    .execute();
  await db.schema.createIndex("consents_file_idx").on("consents").column("file_id").execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("consents").execute();
  await db.schema.dropTable("requests").execute();
}
