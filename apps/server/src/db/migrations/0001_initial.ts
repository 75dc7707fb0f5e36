import type { ColumnDefinitionBuilder } from "kysely";
import { type AnyDb, withId } from "./schema-helpers.ts";

const notNull = (col: ColumnDefinitionBuilder) => col.notNull();

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("school_years")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("label", "varchar(20)", (col) => col.notNull().unique())
    .addColumn("starts_on", "varchar(10)", notNull)
    .addColumn("ends_on", "varchar(10)", notNull)
    .addColumn("is_current", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("enrollment_open", "integer", (col) => col.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable("users"))
    .addColumn("email", "varchar(254)", (col) => col.notNull().unique())
    .addColumn("password_hash", "varchar(255)", notNull)
    .addColumn("first_surname", "varchar(80)", notNull)
    .addColumn("second_surname", "varchar(80)", (col) => col.notNull().defaultTo(""))
    .addColumn("names", "varchar(120)", notNull)
    .addColumn("phone", "varchar(30)", (col) => col.notNull().defaultTo(""))
    .addColumn("language", "varchar(2)", (col) => col.notNull().defaultTo("es"))
    .addColumn("role", "varchar(20)", notNull)
    .addColumn("is_test_data", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("activated_at", "varchar(30)")
    .addColumn("created_at", "varchar(30)", notNull)
    .addColumn("updated_at", "varchar(30)", notNull)
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "varchar(64)", (col) => col.primaryKey())
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("school_year_id", "integer", (col) => col.references("school_years.id"))
    .addColumn("created_at", "varchar(30)", notNull)
    .addColumn("last_seen_at", "varchar(30)", notNull)
    .addColumn("expires_at", "varchar(30)", notNull)
    .addColumn("ip", "varchar(64)", (col) => col.notNull().defaultTo(""))
    .addColumn("user_agent", "varchar(255)", (col) => col.notNull().defaultTo(""))
    .execute();
  await db.schema.createIndex("sessions_user_id_idx").on("sessions").column("user_id").execute();

  await withId(db, db.schema.createTable("user_tokens"))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("purpose", "varchar(20)", notNull)
    .addColumn("token_hash", "varchar(64)", (col) => col.notNull().unique())
    .addColumn("expires_at", "varchar(30)", notNull)
    .addColumn("used_at", "varchar(30)")
    .addColumn("created_at", "varchar(30)", notNull)
    .execute();
  await db.schema.createIndex("user_tokens_user_idx").on("user_tokens").columns(["user_id", "purpose"]).execute();

  await withId(db, db.schema.createTable("catalog_items"))
    .addColumn("catalog", "varchar(40)", notNull)
    .addColumn("code", "varchar(40)", notNull)
    .addColumn("sort_order", "integer", notNull)
    .addColumn("label_es", "varchar(200)", notNull)
    .addColumn("label_en", "varchar(200)", notNull)
    .addColumn("label_fr", "varchar(200)", notNull)
    .addColumn("extra", "text")
    .addUniqueConstraint("catalog_items_catalog_code_uq", ["catalog", "code"])
    .execute();

  await db.schema
    .createTable("settings")
    .addColumn("key", "varchar(80)", (col) => col.primaryKey())
    .addColumn("value", "text", notNull)
    .execute();

  await withId(db, db.schema.createTable("audit_events"))
    .addColumn("event", "varchar(60)", notNull)
    .addColumn("actor_user_id", "integer")
    .addColumn("subject_user_id", "integer")
    .addColumn("ip", "varchar(64)", (col) => col.notNull().defaultTo(""))
    .addColumn("details", "text")
    .addColumn("created_at", "varchar(30)", notNull)
    .execute();
  await db.schema.createIndex("audit_events_created_idx").on("audit_events").column("created_at").execute();

  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "varchar(300)", (col) => col.primaryKey())
    .addColumn("window_start", "varchar(30)", notNull)
    .addColumn("count", "integer", notNull)
    .execute();

  await db.schema
    .createTable("used_captchas")
    .addColumn("signature", "varchar(128)", (col) => col.primaryKey())
    .addColumn("expires_at", "varchar(30)", notNull)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    "used_captchas",
    "rate_limits",
    "audit_events",
    "settings",
    "catalog_items",
    "user_tokens",
    "sessions",
    "users",
    "school_years",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
