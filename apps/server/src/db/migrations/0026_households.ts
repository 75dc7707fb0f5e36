import { type AnyDb, withId } from "./schema-helpers.ts";

/*
 * Shared households: a family's first account can invite a second parent account.
 * The family keeps the first account's id (students.family_user_id is unchanged); the second
 * account points at it with `household_owner_id`, read with the user on every signed-in request.
 * Invitations are kept by the hash of their link's token. `enrollment_steps.updated_by` says which
 * account saved a step last, so each parent sees who changed what.
 */

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("household_owner_id", "integer", (col) => col.references("users.id"))
    .execute();
  await db.schema.createIndex("users_household_owner").on("users").column("household_owner_id").execute();
  await withId(db, db.schema.createTable("household_invitations"))
    .addColumn("owner_user_id", "integer", (col) => col.notNull().references("users.id"))
    .addColumn("email", "varchar(254)", (col) => col.notNull())
    .addColumn("token_hash", "varchar(64)", (col) => col.notNull().unique())
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .addColumn("expires_at", "varchar(30)", (col) => col.notNull())
    .addColumn("accepted_at", "varchar(30)")
    .addColumn("accepted_user_id", "integer", (col) => col.references("users.id"))
    .addColumn("revoked_at", "varchar(30)")
    .execute();
  await db.schema
    .createIndex("household_invitations_owner")
    .on("household_invitations")
    .column("owner_user_id")
    .execute();
  await db.schema
    .alterTable("enrollment_steps")
    .addColumn("updated_by", "integer", (col) => col.references("users.id"))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("enrollment_steps").dropColumn("updated_by").execute();
  await db.schema.dropTable("household_invitations").execute();
  await db.schema.dropIndex("users_household_owner").execute();
  await db.schema.alterTable("users").dropColumn("household_owner_id").execute();
}
