import type { Db } from "../../db/database.ts";

/**
 * Records `step` as the account's last accepted TOTP step, only if it is later than the one
 * recorded: one conditional UPDATE, so two requests racing with the same code cannot both pass.
 * False: this code (or a later one) was already used (docs/security.md, "Multi-factor authentication").
 */
export async function useTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable("users")
    .set({ mfa_last_step: step })
    .where("id", "=", userId)
    .where((eb) => eb.or([eb("mfa_last_step", "is", null), eb("mfa_last_step", "<", step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
