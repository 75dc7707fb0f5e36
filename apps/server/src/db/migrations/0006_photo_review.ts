import type { AnyDb } from "./schema-helpers.ts";

/*
 * The student photos' review (modules/photos/): on `requests`, the reason given to the
 * family when the school office rejects the photo, and who reviewed it last and when. The status
 * itself is the existing `photo_status` (pending, approved, rejected).
 *
 * `photo_reviewed_by` carries no foreign key, like migration 0005's user columns: SQLite cannot
 * drop a column that is part of one (the `down` below); the audit log keeps the authoritative who.
 */

const COLUMNS: [name: string, type: "integer" | "text" | "varchar(30)"][] = [
  ["photo_rejection_reason", "text"],
  ["photo_reviewed_by", "integer"],
  ["photo_reviewed_at", "varchar(30)"],
];

/** The photos grid: one school year, one photo status, by the student's name. */
const INDEX = "requests_photos_idx";

export async function up(db: AnyDb): Promise<void> {
  for (const [name, type] of COLUMNS) {
    await db.schema.alterTable("requests").addColumn(name, type).execute();
  }
  await db.schema
    .createIndex(INDEX)
    .on("requests")
    .columns(["school_year_id", "photo_status", "student_sort_name", "id"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex(INDEX).execute();
  for (const [name] of [...COLUMNS].reverse()) {
    await db.schema.alterTable("requests").dropColumn(name).execute();
  }
}
