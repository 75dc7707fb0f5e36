import { sql } from "kysely";
import { type AnyDb, withId } from "./schema-helpers.ts";

/*
 * A student's identification is unique in the school. `students.document_number` (the
 * step 2 number, copied on every save) gets a unique index, empty numbers aside (a new student
 * before step 2).
 *
 * Before this rule the same child could be registered twice. Those rows cannot be merged by a
 * migration (each may be a different family's sent request): the oldest keeps the number under
 * the index, the later ones are marked `legacy_duplicate` and left out of it until their number
 * changes, and each later one of ANOTHER family is written as a duplicate attempt against the
 * oldest, so the staff see it on the request page like any refused attempt.
 *
 * `duplicate_student_attempts`: a family account that tried to give one of its students the
 * identification of another family's student (refused), one row per student and account, counted.
 */

const ATTEMPTS = "duplicate_student_attempts";

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable("students")
    .addColumn("legacy_duplicate", "integer", (col) => col.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable(ATTEMPTS))
    .addColumn("student_id", "integer", (col) => col.notNull().references("students.id").onDelete("cascade"))
    .addColumn("family_user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("attempted_file_id", "integer", (col) => col.references("enrollment_files.id").onDelete("set null"))
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("first_at", "varchar(30)", (col) => col.notNull())
    .addColumn("last_at", "varchar(30)", (col) => col.notNull())
    .addUniqueConstraint("duplicate_student_attempts_uq", ["student_id", "family_user_id"])
    .execute();

  const rows = await db
    .selectFrom("students")
    .select(["id", "family_user_id", "document_number", "created_at"])
    .where("document_number", "<>", "")
    .orderBy("id")
    .execute();
  const holders = new Map<string, { id: number; family_user_id: number }>();
  for (const row of rows) {
    const holder = holders.get(row.document_number);
    if (!holder) {
      holders.set(row.document_number, row);
      continue;
    }
    await db.updateTable("students").set({ legacy_duplicate: 1 }).where("id", "=", row.id).execute();
    if (holder.family_user_id === row.family_user_id) continue;
    const file = await db
      .selectFrom("enrollment_files")
      .select("id")
      .where("student_id", "=", row.id)
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    await db
      .insertInto(ATTEMPTS)
      .values({
        student_id: holder.id,
        family_user_id: row.family_user_id,
        attempted_file_id: file?.id ?? null,
        attempts: 1,
        first_at: row.created_at,
        last_at: row.created_at,
      })
      .onConflict((oc) => oc.columns(["student_id", "family_user_id"]).doNothing())
      .execute();
  }

  await db.schema
    .createIndex("students_document_uq")
    .unique()
    .on("students")
    .column("document_number")
    .where(sql.ref("document_number"), "<>", "")
    .where(sql.ref("legacy_duplicate"), "=", 0)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex("students_document_uq").execute();
  await db.schema.dropTable(ATTEMPTS).execute();
  await db.schema.alterTable("students").dropColumn("legacy_duplicate").execute();
}
