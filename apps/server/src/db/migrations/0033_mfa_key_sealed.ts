import { isPostgres } from "../database.ts";
import type { AnyDb } from "./schema-helpers.ts";

/*
 * TOTP keys are stored encrypted (docs/security.md "Secrets at rest", lib/secret-box.ts): a sealed
 * key is about 100 characters, more than the 64 the columns had. SQLite does not enforce a
 * varchar's length. The keys in clear are sealed at start by bootstrap.ts (it needs the key from
 * the environment, which migrations do not have).
 */

const COLUMNS = ["mfa_secret", "mfa_pending_secret"];

export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  for (const column of COLUMNS) {
    await db.schema
      .alterTable("users")
      .alterColumn(column, (col) => col.setDataType("varchar(255)"))
      .execute();
  }
}

/**
 * Back to 64 characters. Code from before this migration cannot read sealed keys: they are
 * removed, and their accounts set MFA up again at their next sign-in (as after an Admin's reset).
 */
export async function down(db: AnyDb): Promise<void> {
  await db
    .updateTable("users")
    .set({ mfa_secret: null, mfa_enabled_at: null, mfa_pending_secret: null })
    .where("mfa_secret", "like", "enc1:%")
    .execute();
  await db
    .updateTable("users")
    .set({ mfa_pending_secret: null })
    .where("mfa_pending_secret", "like", "enc1:%")
    .execute();
  if (!isPostgres(db)) return;
  for (const column of COLUMNS) {
    await db.schema
      .alterTable("users")
      .alterColumn(column, (col) => col.setDataType("varchar(64)"))
      .execute();
  }
}
