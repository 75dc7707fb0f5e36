import { sql } from "kysely";
import { isPostgres } from "../database.ts";
import type { AnyDb } from "./schema-helpers.ts";

/*
 * The staff's request lists: what a list row shows and filters on, copied onto
 * `requests` when the file is sent, so listing and searching never parse step JSON.
 *
 * - `search_text`: student, first and second representative (names and document numbers),
 *   lower case without accents, in three segments `<student> | <rep 1> # <rep 2>`, so a search
 *   can also be limited to one representative (the representatives lists).
 * - `student_sort_name`: the student's name the same way, for an alphabetical order that does not
 *   depend on the engine's collation ("Álvaro" next to "Alvaro", not after "Zoe").
 * - `request_list_version`: one row, bumped by triggers on every insert, update or delete of a
 *   request, committed with it. The list caches its totals under this version (a count over
 *   100,000 rows on every page would cost more than the page itself).
 *
 * Frozen like every migration: the backfill below keeps its own copy of the normalisation (the
 * module's `requestListColumns` may evolve; this must not).
 */

const COLUMNS: [name: string, type: "varchar(250)" | "varchar(20)" | "varchar(10)" | "integer" | "text"][] = [
  ["student_name", "varchar(250)"],
  ["student_sort_name", "varchar(250)"],
  ["student_document", "varchar(20)"],
  ["is_new_student", "integer"],
  ["first_representative_name", "varchar(250)"],
  ["first_representative_document", "varchar(20)"],
  ["second_representative_name", "varchar(250)"],
  ["second_representative_document", "varchar(20)"],
  ["search_text", "text"],
];

const INDEXES: [name: string, columns: string[]][] = [
  // The default list (newest first) and the test-data filter, id as the tie-break.
  ["requests_list_created_idx", ["school_year_id", "created_at", "id", "is_test_data"]],
  // Status lists (untreated, accepted …), newest first.
  ["requests_list_status_idx", ["school_year_id", "request_status", "created_at", "id"]],
  ["requests_list_updated_idx", ["school_year_id", "updated_at", "id"]],
  ["requests_list_level_idx", ["school_year_id", "level_code"]],
  ["requests_list_name_idx", ["school_year_id", "student_sort_name", "id"]],
  // Narrow and covering: the totals (default list, status lists) count it alone.
  ["requests_list_count_idx", ["school_year_id", "is_test_data", "request_status"]],
];

const SQLITE_TRIGGERS = ["insert", "update", "delete"].map((event) => `requests_list_version_${event}`);

export async function up(db: AnyDb): Promise<void> {
  for (const [name, type] of COLUMNS) {
    const empty = type === "integer" ? 0 : "";
    await db.schema
      .alterTable("requests")
      .addColumn(name, type, (col) => col.notNull().defaultTo(empty))
      .execute();
  }
  await db.schema.alterTable("requests").addColumn("level_code", "varchar(10)").execute();
  await backfill(db);
  for (const [name, columns] of INDEXES) {
    await db.schema.createIndex(name).on("requests").columns(columns).execute();
  }

  await db.schema
    .createTable("request_list_version")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("version", "integer", (col) => col.notNull())
    .execute();
  const bump = sql.raw(
    "insert into request_list_version (id, version) values (1, 1) " +
      "on conflict (id) do update set version = request_list_version.version + 1",
  );
  if (isPostgres(db)) {
    // Deferred to the commit: the version row is locked last in every transaction, so two
    // transactions changing requests cannot deadlock on it, and readers see the new version
    // together with the data.
    await sql`create function request_list_version_bump() returns trigger language plpgsql as $$
      begin ${bump}; return null; end $$`.execute(db);
    await sql`create constraint trigger requests_list_version after insert or update or delete on requests
      deferrable initially deferred for each row execute function request_list_version_bump()`.execute(db);
  } else {
    for (const [index, event] of ["insert", "update", "delete"].entries()) {
      await sql`create trigger ${sql.raw(SQLITE_TRIGGERS[index] ?? "")} after ${sql.raw(event)} on requests
        begin ${bump}; end`.execute(db);
    }
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger requests_list_version on requests`.execute(db);
    await sql`drop function request_list_version_bump()`.execute(db);
  } else {
    for (const name of SQLITE_TRIGGERS) await sql`drop trigger ${sql.raw(name)}`.execute(db);
  }
  await db.schema.dropTable("request_list_version").execute();
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
  for (const name of [...COLUMNS.map(([column]) => column), "level_code"]) {
    await db.schema.alterTable("requests").dropColumn(name).execute();
  }
}

// ---- Backfill of the requests sent before this migration (frozen copy of the rules) ----

/** Frozen; migration 0007 fills its sort names with it too. */
export function normalise(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .replace(/ß/g, "ss")
    .replace(/ø/g, "o")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

function parse(data: string | undefined): Record<string, unknown> {
  if (!data) return {};
  try {
    const value = JSON.parse(data) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const str = (value: unknown) => (typeof value === "string" ? value.trim() : "");
const fullName = (data: Record<string, unknown>) =>
  [str(data.names), str(data.firstName), str(data.secondName)].filter(Boolean).join(" ");

async function backfill(db: AnyDb): Promise<void> {
  let lastId = 0;
  for (;;) {
    const rows: {
      id: number;
      file_id: number;
      is_new_student: number;
      file_level: string | null;
      student_name: string;
      document_number: string;
    }[] = await db
      .selectFrom("requests as r")
      .innerJoin("enrollment_files as f", "f.id", "r.file_id")
      .innerJoin("students as s", "s.id", "f.student_id")
      .select([
        "r.id",
        "r.file_id",
        "f.is_new_student",
        "f.level_code as file_level",
        "s.student_name",
        "s.document_number",
      ])
      .where("r.id", ">", lastId)
      .orderBy("r.id")
      .limit(500)
      .execute();
    if (rows.length === 0) return;
    lastId = rows[rows.length - 1]?.id ?? lastId;
    const steps: { file_id: number; step: string; data: string }[] = await db
      .selectFrom("enrollment_steps")
      .select(["file_id", "step", "data"])
      .where(
        "file_id",
        "in",
        rows.map((row) => row.file_id),
      )
      .where("step", "in", ["studentFile", "enrollmentYear", "firstRepresentative", "secondRepresentative"])
      .execute();
    for (const row of rows) {
      const dataOf = (step: string) => parse(steps.find((s) => s.file_id === row.file_id && s.step === step)?.data);
      const student = dataOf("studentFile");
      const first = dataOf("firstRepresentative");
      const second = dataOf("secondRepresentative");
      const studentName = fullName(student) || row.student_name;
      const studentDocument = str(student.documentNumber) || row.document_number;
      const declined = second.declined === true;
      const people = {
        first: { name: fullName(first), document: str(first.documentNumber) },
        second: declined
          ? { name: "", document: "" }
          : { name: fullName(second), document: str(second.documentNumber) },
      };
      const level = str(dataOf("enrollmentYear").levelCode) || row.file_level || null;
      await db
        .updateTable("requests")
        .set({
          student_name: studentName.slice(0, 250),
          student_sort_name: normalise(studentName).slice(0, 250),
          student_document: studentDocument.slice(0, 20),
          level_code: level ? level.slice(0, 10) : null,
          is_new_student: row.is_new_student,
          first_representative_name: people.first.name.slice(0, 250),
          first_representative_document: people.first.document.slice(0, 20),
          second_representative_name: people.second.name.slice(0, 250),
          second_representative_document: people.second.document.slice(0, 20),
          search_text: [
            normalise(`${studentName} ${studentDocument}`),
            "|",
            normalise(`${people.first.name} ${people.first.document}`),
            "#",
            normalise(`${people.second.name} ${people.second.document}`),
          ].join(" "),
        })
        .where("id", "=", row.id)
        .execute();
    }
  }
}
