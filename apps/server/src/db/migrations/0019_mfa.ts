import { type AnyDb, withId } from "./schema-helpers.ts";

/*
 * Staff MFA (modules/mfa/; docs/rules/accounts-and-security.md "Sign-in throttling and MFA").
 * `users.mfa_secret` is the confirmed TOTP key (base32) and `mfa_enabled_at` when it was confirmed;
 * `mfa_pending_secret` the key shown during an enrolment not yet confirmed by a code. A session
 * with `mfa_pending = 1` has passed the password only: it may call the second-factor endpoints and
 * nothing else. Recovery codes are stored as their SHA-256 (high-entropy random codes: a fast hash
 * is enough), each used once.
 */

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable("users").addColumn("mfa_secret", "varchar(64)").execute();
  await db.schema.alterTable("users").addColumn("mfa_enabled_at", "varchar(30)").execute();
  await db.schema.alterTable("users").addColumn("mfa_pending_secret", "varchar(64)").execute();
  await db.schema
    .alterTable("sessions")
    .addColumn("mfa_pending", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await withId(db, db.schema.createTable("mfa_recovery_codes"))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "varchar(64)", (col) => col.notNull())
    .addColumn("used_at", "varchar(30)")
    .execute();
  await db.schema.createIndex("mfa_recovery_codes_user").on("mfa_recovery_codes").column("user_id").execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("mfa_recovery_codes").execute();
  await db.schema.alterTable("sessions").dropColumn("mfa_pending").execute();
  await db.schema.alterTable("users").dropColumn("mfa_pending_secret").execute();
  await db.schema.alterTable("users").dropColumn("mfa_enabled_at").execute();
  await db.schema.alterTable("users").dropColumn("mfa_secret").execute();
}
