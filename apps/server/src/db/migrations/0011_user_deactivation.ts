import type { AnyDb } from "./schema-helpers.ts";

/*
 * The accounts screen (modules/users/): `deactivated_at` marks an account the Admin
 * switched off (it cannot sign in and its sessions stop working); `last_login_at` is written at
 * each successful sign-in so the list can show and sort by it without scanning the audit log.
 */

const COLUMNS = ["deactivated_at", "last_login_at"] as const;

export async function up(db: AnyDb): Promise<void> {
  for (const name of COLUMNS) {
    await db.schema.alterTable("users").addColumn(name, "varchar(30)").execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const name of [...COLUMNS].reverse()) {
    await db.schema.alterTable("users").dropColumn(name).execute();
  }
}
