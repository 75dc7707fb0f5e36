import type { Db } from "../../db/database.ts";

/** Invitations not accepted, withdrawn or expired. */
export function findPendingInvitations(db: Db, ownerId: number, now: string) {
  return db
    .selectFrom("household_invitations")
    .select(["id", "email", "expires_at"])
    .where("owner_user_id", "=", ownerId)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .orderBy("id")
    .execute();
}

export async function insertInvitation(
  db: Db,
  row: { ownerId: number; email: string; tokenHash: string; now: string; expiresAt: string },
): Promise<number> {
  const inserted = await db
    .insertInto("household_invitations")
    .values({
      owner_user_id: row.ownerId,
      email: row.email,
      token_hash: row.tokenHash,
      created_at: row.now,
      expires_at: row.expiresAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export function findInvitationByHash(db: Db, tokenHash: string) {
  return db.selectFrom("household_invitations").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
}

/** Marks an invitation used, only while it still may be: false when another request used it first. */
export async function acceptInvitation(db: Db, id: number, userId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable("household_invitations")
    .set({ accepted_at: now, accepted_user_id: userId })
    .where("id", "=", id)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Withdraws the owner's pending invitations (one id, or all of them). */
export async function revokeInvitations(db: Db, ownerId: number, now: string, id?: number): Promise<number> {
  let query = db
    .updateTable("household_invitations")
    .set({ revoked_at: now })
    .where("owner_user_id", "=", ownerId)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null);
  if (id !== undefined) query = query.where("id", "=", id);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Whether the account is a family of its own: students, or a second parent of its own. */
export async function hasFamilyOfItsOwn(db: Db, userId: number): Promise<boolean> {
  const student = await db.selectFrom("students").select("id").where("family_user_id", "=", userId).executeTakeFirst();
  if (student) return true;
  const member = await db.selectFrom("users").select("id").where("household_owner_id", "=", userId).executeTakeFirst();
  return member !== undefined;
}
