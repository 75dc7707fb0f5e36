import type { AnyDb } from "./schema-helpers.ts";

/*
 * "Nothing lost on reload": what a family typed in a wizard step but has not saved yet,
 * kept on the server (never in the browser's storage: minors' data) and offered back when the
 * step opens again. One draft per file and step, the form's values as JSON; saving the step makes
 * it stale (its `updated_at` is older than the step's), and it goes with its file.
 */

const TABLE = "step_drafts";

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable(TABLE)
    .addColumn("file_id", "integer", (col) => col.notNull().references("enrollment_files.id").onDelete("cascade"))
    .addColumn("step", "varchar(40)", (col) => col.notNull())
    .addColumn("values_json", "text", (col) => col.notNull())
    .addColumn("updated_at", "varchar(30)", (col) => col.notNull())
    .addPrimaryKeyConstraint("step_drafts_pk", ["file_id", "step"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable(TABLE).execute();
}
