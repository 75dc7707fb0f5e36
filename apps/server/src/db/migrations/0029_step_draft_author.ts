import { sql } from "kysely";
import type { AnyDb } from "./schema-helpers.ts";

/*
 * Which account typed a step's draft (docs/rules/enrollment.md "Households"): with two parents on one
 * file, a draft is offered back only to the account that typed it, never to the other as "what you
 * wrote". Drafts kept before this column were typed by the family's first account (the second
 * parent came with the same release), so they are given to it.
 */

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable("step_drafts").addColumn("typed_by", "integer").execute();
  await sql`UPDATE step_drafts SET typed_by = (
    SELECT students.family_user_id FROM enrollment_files
    JOIN students ON students.id = enrollment_files.student_id
    WHERE enrollment_files.id = step_drafts.file_id
  )`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("step_drafts").dropColumn("typed_by").execute();
}
