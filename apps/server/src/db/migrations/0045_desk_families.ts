import type { AnyDb } from "./schema-helpers.ts";

/*
 * Enrollment at the office (docs/rules/staff-workflow.md "Walk-in families"). A family account the
 * secretary creates at the desk keeps the representative's identification (unique: a second desk
 * account for the same person is refused and names the first) and who created it. A wizard step
 * saved at the desk, and a consent recorded there, keep the staff member who entered it
 * (`desk_staff_id`); null when the family did it themselves.
 */

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable("users").addColumn("desk_identification_type", "integer").execute();
  await db.schema.alterTable("users").addColumn("desk_identification", "varchar(30)").execute();
  await db.schema.alterTable("users").addColumn("desk_created_by", "integer").execute();
  await db.schema
    .createIndex("users_desk_identification_idx")
    .on("users")
    .column("desk_identification")
    .unique()
    .execute();
  await db.schema.alterTable("enrollment_steps").addColumn("desk_staff_id", "integer").execute();
  await db.schema.alterTable("consents").addColumn("desk_staff_id", "integer").execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("consents").dropColumn("desk_staff_id").execute();
  await db.schema.alterTable("enrollment_steps").dropColumn("desk_staff_id").execute();
  await db.schema.dropIndex("users_desk_identification_idx").execute();
  await db.schema.alterTable("users").dropColumn("desk_created_by").execute();
  await db.schema.alterTable("users").dropColumn("desk_identification").execute();
  await db.schema.alterTable("users").dropColumn("desk_identification_type").execute();
}
