import type { Db } from "../../db/database.ts";

/** invite: an account the Admin created; its activation also sets the password. */
export type TokenPurpose = "activate" | "reset" | "invite";

export async function insertToken(
  db: Db,
  token: { userId: number; purpose: TokenPurpose; tokenHash: string; expiresAt: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto("user_tokens")
    .values({
      user_id: token.userId,
      purpose: token.purpose,
      token_hash: token.tokenHash,
      expires_at: token.expiresAt,
      created_at: token.createdAt,
      used_at: null,
    })
    .execute();
}

export function findToken(db: Db, purpose: TokenPurpose, tokenHash: string) {
  return db
    .selectFrom("user_tokens")
    .selectAll()
    .where("purpose", "=", purpose)
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
}

/**
 * Marks a token used only if it still was unused; false means another request got there first
 * (single use holds even under a double click).
 */
export async function consumeToken(db: Db, id: number, usedAt: string): Promise<boolean> {
  const result = await db
    .updateTable("user_tokens")
    .set({ used_at: usedAt })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A new link invalidates the older ones of the same purpose. */
export async function revokeUserTokens(db: Db, userId: number, purpose: TokenPurpose, usedAt: string): Promise<void> {
  await db
    .updateTable("user_tokens")
    .set({ used_at: usedAt })
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .execute();
}

/** Whether the account ever had a link of this purpose (an invited account has an `invite` one). */
export async function hasTokenOfPurpose(db: Db, userId: number, purpose: TokenPurpose): Promise<boolean> {
  const row = await db
    .selectFrom("user_tokens")
    .select("id")
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
