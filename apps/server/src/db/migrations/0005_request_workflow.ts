import { type AnyDb, withId } from "./schema-helpers.ts";

/*
 * The staff workflow: every status change in `request_history`, and on `requests` the
 * optimistic-concurrency version, the correction asked of the family and the internal-review flag.
 *
 * The user columns added to `requests` carry no foreign key: SQLite cannot drop a column that is
 * part of one (the `down` below), and the history rows keep the authoritative who and when.
 */

const REQUEST_COLUMNS: [name: string, type: "integer" | "text" | "varchar(30)"][] = [
  ["correction_message", "text"],
  /** JSON list of the step ids reopened for the family. */
  ["correction_steps", "text"],
  ["internal_review_note", "text"],
  ["internal_review_by", "integer"],
  ["internal_review_at", "varchar(30)"],
  ["internal_review_resolved_by", "integer"],
  ["internal_review_resolved_at", "varchar(30)"],
];

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable("requests")
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable("requests")
    .addColumn("internal_review", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  for (const [name, type] of REQUEST_COLUMNS) {
    await db.schema.alterTable("requests").addColumn(name, type).execute();
  }

  await withId(db, db.schema.createTable("request_history"))
    .addColumn("request_id", "integer", (col) => col.notNull().references("requests.id").onDelete("cascade"))
    /** Null only if a row ever records a request's creation (today every row is a change). */
    .addColumn("from_status", "varchar(30)")
    .addColumn("to_status", "varchar(30)", (col) => col.notNull())
    .addColumn("action", "varchar(40)", (col) => col.notNull())
    .addColumn("comment", "text")
    .addColumn("user_id", "integer", (col) => col.references("users.id"))
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("request_history_request_idx")
    .on("request_history")
    .columns(["request_id", "id"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("request_history").execute();
  for (const [name] of [...REQUEST_COLUMNS].reverse()) {
    await db.schema.alterTable("requests").dropColumn(name).execute();
  }
  await db.schema.alterTable("requests").dropColumn("internal_review").execute();
  await db.schema.alterTable("requests").dropColumn("version").execute();
}
