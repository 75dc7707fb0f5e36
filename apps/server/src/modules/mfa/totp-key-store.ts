import type { Db } from "../../db/database.ts";
import { isSealed, type SecretBox, sealedKeyId } from "../../lib/secret-box.ts";

/**
 * TOTP keys are stored sealed (lib/secret-box.ts), bound to their account: a sealed key copied into
 * another account's row does not open. The confirmed key (`mfa_secret`) and the one being set up
 * (`mfa_pending_secret`) share the binding, so confirming moves the sealed value as it is.
 */
const contextOf = (userId: number) => `users.mfa:${userId}`;

export const sealTotpKey = (box: SecretBox, userId: number, secret: string) => box.seal(secret, contextOf(userId));

export const openTotpKey = (box: SecretBox, userId: number, stored: string) => box.open(stored, contextOf(userId));

const COLUMNS = ["mfa_secret", "mfa_pending_secret"] as const;

/**
 * Seals every stored key that `needsWork` picks, each by a conditional update (the value read is
 * still there), so two processes doing it at once change each row once. Answers how many changed.
 */
async function rewriteKeys(
  db: Db,
  needsWork: (stored: string) => boolean,
  rewrite: (stored: string, userId: number) => string,
): Promise<number> {
  const rows = await db
    .selectFrom("users")
    .select(["id", ...COLUMNS])
    .where((eb) => eb.or(COLUMNS.map((column) => eb(column, "is not", null))))
    .execute();
  let changed = 0;
  for (const row of rows) {
    for (const column of COLUMNS) {
      const stored = row[column];
      if (stored === null || !needsWork(stored)) continue;
      const result = await db
        .updateTable("users")
        .set({ [column]: rewrite(stored, row.id) })
        .where("id", "=", row.id)
        .where(column, "=", stored)
        .executeTakeFirst();
      changed += Number(result.numUpdatedRows);
    }
  }
  return changed;
}

/**
 * At start (bootstrap.ts): keys stored in clear — rows from before encryption, or written by a
 * fixture — are sealed with the current key. Idempotent: sealed values are left alone.
 */
export function sealPlainTotpKeys(db: Db, box: SecretBox): Promise<number> {
  return rewriteKeys(
    db,
    (stored) => !isSealed(stored),
    (stored, userId) => sealTotpKey(box, userId, stored),
  );
}

/**
 * The rotation (cli/rotate-data-key.ts): every key sealed by another key than the current one is
 * opened (with DATA_ENCRYPTION_KEY_PREVIOUS) and sealed again with the current one.
 */
export function resealTotpKeys(db: Db, box: SecretBox): Promise<number> {
  return rewriteKeys(
    db,
    (stored) => !isSealed(stored) || sealedKeyId(stored) !== box.currentKeyId,
    (stored, userId) => sealTotpKey(box, userId, isSealed(stored) ? openTotpKey(box, userId, stored) : stored),
  );
}
