import type { AnyDb } from "./schema-helpers.ts";

/*
 * The staff dashboard (modules/dashboard/): one GROUP BY counts a school year's requests
 * by status × level × new/re-enrollment, with the photos awaiting review and the latest creation.
 * This index holds every column that query reads, in the GROUP BY's order, so it is answered from
 * the index alone and without a sort: without it, each of the year's requests was read from the
 * table (about 25 ms for 16,000 requests on SQLite, growing with the year; 4 ms with it).
 * `is_test_data` comes after the grouped columns on purpose: first, it would outrank
 * `requests_list_created_idx` for the submissions-per-day range on SQLite's planner.
 */
const INDEX = "requests_dashboard_idx";

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex(INDEX)
    .on("requests")
    .columns([
      "school_year_id",
      "request_status",
      "level_code",
      "is_new_student",
      "is_test_data",
      "photo_status",
      "created_at",
    ])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex(INDEX).execute();
}
