import type { ColumnDefinitionBuilder } from "kysely";
import { type AnyDb, withId } from "./schema-helpers.ts";

const notNull = (col: ColumnDefinitionBuilder) => col.notNull();

/**
 * A family's students, one enrollment file per student and school year, each data step
 * of the wizard as a validated JSON draft, and uploaded documents. Names and document numbers are
 * copied into columns when the student-file step is saved, for cards, search and reports.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable("students"))
    .addColumn("family_user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("student_name", "varchar(250)", (col) => col.notNull().defaultTo(""))
    .addColumn("document_number", "varchar(20)", (col) => col.notNull().defaultTo(""))
    .addColumn("is_test_data", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", "varchar(30)", notNull)
    .addColumn("updated_at", "varchar(30)", notNull)
    .execute();
  await db.schema.createIndex("students_family_idx").on("students").column("family_user_id").execute();
  await db.schema.createIndex("students_document_idx").on("students").column("document_number").execute();

  await withId(db, db.schema.createTable("enrollment_files"))
    .addColumn("student_id", "integer", (col) => col.notNull().references("students.id").onDelete("cascade"))
    .addColumn("school_year_id", "integer", (col) => col.notNull().references("school_years.id"))
    .addColumn("is_new_student", "integer", notNull)
    .addColumn("status", "varchar(20)", (col) => col.notNull().defaultTo("draft"))
    .addColumn("level_code", "varchar(10)")
    .addColumn("created_at", "varchar(30)", notNull)
    .addColumn("updated_at", "varchar(30)", notNull)
    .addColumn("sent_at", "varchar(30)")
    .addUniqueConstraint("enrollment_files_student_year_uq", ["student_id", "school_year_id"])
    .execute();
  await db.schema.createIndex("enrollment_files_year_idx").on("enrollment_files").column("school_year_id").execute();

  await db.schema
    .createTable("enrollment_steps")
    .addColumn("file_id", "integer", (col) => col.notNull().references("enrollment_files.id").onDelete("cascade"))
    .addColumn("step", "varchar(40)", notNull)
    .addColumn("data", "text", notNull)
    .addColumn("completed_at", "varchar(30)")
    .addColumn("updated_at", "varchar(30)", notNull)
    .addPrimaryKeyConstraint("enrollment_steps_pk", ["file_id", "step"])
    .execute();

  await withId(db, db.schema.createTable("uploads"))
    .addColumn("family_user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("file_id", "integer", (col) => col.references("enrollment_files.id").onDelete("set null"))
    .addColumn("kind", "varchar(40)", notNull)
    .addColumn("original_name", "varchar(255)", notNull)
    .addColumn("content_type", "varchar(100)", notNull)
    .addColumn("size", "integer", notNull)
    .addColumn("sha256", "varchar(64)", notNull)
    .addColumn("storage_key", "varchar(100)", (col) => col.notNull().unique())
    .addColumn("created_at", "varchar(30)", notNull)
    .execute();
  await db.schema.createIndex("uploads_family_idx").on("uploads").column("family_user_id").execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ["uploads", "enrollment_steps", "enrollment_files", "students"]) {
    await db.schema.dropTable(table).execute();
  }
}
