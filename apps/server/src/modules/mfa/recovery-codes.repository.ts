import type { Db } from "../../db/database.ts";

/** Replaces the account's recovery codes with new ones (their hashes). */
export async function replaceRecoveryCodes(db: Db, userId: number, hashes: string[]): Promise<void> {
  await db.deleteFrom("mfa_recovery_codes").where("user_id", "=", userId).execute();
  if (hashes.length === 0) return;
  await db
    .insertInto("mfa_recovery_codes")
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
    .execute();
}

/** Uses a code up atomically: of two sign-ins with one code, one wins. */
export async function useRecoveryCode(db: Db, userId: number, hash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable("mfa_recovery_codes")
    .set({ used_at: now })
    .where("user_id", "=", userId)
    .where("code_hash", "=", hash)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom("mfa_recovery_codes")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
