import { sql } from "kysely";
import { isPostgres } from "../database.ts";
import { normalise } from "./0004_request_lists.ts";
import type { AnyDb } from "./schema-helpers.ts";

/*
 * More of the staff's lists:
 *
 * - `requests_list_review_idx`: a partial index over the requests whose internal review is
 *   requested (`internal_review = 1`), for the lists' internal-review filter. Flagged requests are
 *   few, so the index is small and cheap to keep; without it the filtered list and its total walk
 *   every request of the year. Its columns are those of `requests_list_count_idx` (then the date
 *   and id): with fewer, SQLite's planner prefers that index and counts the whole year. The
 *   queries must say `internal_review = 1` with the literal (a bound parameter cannot be matched
 *   to a partial index's condition).
 * - `first_representative_sort_name`, `second_representative_sort_name`: each representative's
 *   name in lower case without accents (like `student_sort_name`), so the representatives lists
 *   sort by the representative's name the same way on both engines. Filled from the names the
 *   lists already hold, with 0004's frozen normalisation.
 *
 * The cache of the lists (0004's `request_list_version`) needs nothing: its triggers fire on
 * every update of `requests`, whatever the column, so setting or clearing the internal review
 * moves the version.
 */

const SORT_COLUMNS = ["first_representative_sort_name", "second_representative_sort_name"] as const;

const INDEXES: [name: string, columns: string[]][] = [
  ["requests_list_first_rep_idx", ["school_year_id", "first_representative_sort_name", "id"]],
  ["requests_list_second_rep_idx", ["school_year_id", "second_representative_sort_name", "id"]],
];

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex("requests_list_review_idx")
    .on("requests")
    .columns(["school_year_id", "is_test_data", "request_status", "created_at", "id"])
    .where(sql.ref("internal_review"), "=", 1)
    .execute();

  for (const name of SORT_COLUMNS) {
    await db.schema
      .alterTable("requests")
      .addColumn(name, "varchar(250)", (col) => col.notNull().defaultTo(""))
      .execute();
  }
  for (const [name, columns] of INDEXES) {
    await db.schema.createIndex(name).on("requests").columns(columns).execute();
  }
  // Last: on PostgreSQL each update queues 0004's deferred trigger, and a table with queued
  // trigger events cannot be altered or indexed in the same transaction (the migrations' one).
  await backfill(db);
  if (isPostgres(db)) {
    // Fire the queued events now, so a later migration of the same run may alter `requests`.
    await sql`set constraints requests_list_version immediate`.execute(db);
    await sql`set constraints requests_list_version deferred`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
  for (const name of SORT_COLUMNS) await db.schema.alterTable("requests").dropColumn(name).execute();
  await db.schema.dropIndex("requests_list_review_idx").execute();
}

async function backfill(db: AnyDb): Promise<void> {
  let lastId = 0;
  for (;;) {
    const rows: { id: number; first: string; second: string }[] = await db
      .selectFrom("requests")
      .select(["id", "first_representative_name as first", "second_representative_name as second"])
      .where("id", ">", lastId)
      .orderBy("id")
      .limit(500)
      .execute();
    if (rows.length === 0) return;
    lastId = rows[rows.length - 1]?.id ?? lastId;
    for (const row of rows) {
      if (row.first === "" && row.second === "") continue;
      await db
        .updateTable("requests")
        .set({
          first_representative_sort_name: normalise(row.first).slice(0, 250),
          second_representative_sort_name: normalise(row.second).slice(0, 250),
        })
        .where("id", "=", row.id)
        .execute();
    }
  }
}
