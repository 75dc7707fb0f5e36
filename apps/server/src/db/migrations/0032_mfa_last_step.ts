import type { AnyDb } from "./schema-helpers.ts";

/*
 * A TOTP code is used once (docs/security.md "Multi-factor authentication", ASVS 6.5.1):
 * `users.mfa_last_step` is the time step (Unix time / 30 s) of the last code the account's key
 * was accepted with; a code of that step or an earlier one is refused. Null: none accepted yet
 * (or the key was removed).
 */

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable("users").addColumn("mfa_last_step", "integer").execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("users").dropColumn("mfa_last_step").execute();
}
