import type { Db } from "../../db/database.ts";

/*
 * The register (migration 0020): who voted in an election and when, never what. Kept apart from
 * the ballot box (ballot-box.repository.ts): no file queries both tables.
 */

/** Who voted in the election and when (the register); null `voted_at` once purged. */
export async function findRegisterEntry(db: Db, electionId: number, userId: number) {
  return db
    .selectFrom("election_register")
    .select(["voted_at"])
    .where("election_id", "=", electionId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

export async function insertRegisterEntry(db: Db, electionId: number, userId: number, votedAt: string): Promise<void> {
  await db
    .insertInto("election_register")
    .values({ election_id: electionId, user_id: userId, voted_at: votedAt })
    .execute();
}

/** The register's people (to count voters and the registered; never with a ballot). */
export async function registerUsers(db: Db, electionId: number) {
  return db
    .selectFrom("election_register as g")
    .innerJoin("users as u", "u.id", "g.user_id")
    .select(["u.id", "u.role", "u.is_test_data"])
    .where("g.election_id", "=", electionId)
    .execute();
}

/** Clears the per-person times of elections published before `cutoff`; returns their ids. */
export async function purgeRegisterTimes(db: Db, cutoff: string, now: string): Promise<number[]> {
  const due = await db
    .selectFrom("elections")
    .select("id")
    .where("status", "=", "published")
    .where("published_at", "<=", cutoff)
    .where("register_purged_at", "is", null)
    .execute();
  const ids = due.map((row) => row.id);
  if (ids.length === 0) return [];
  await db.updateTable("election_register").set({ voted_at: null }).where("election_id", "in", ids).execute();
  await db.updateTable("elections").set({ register_purged_at: now }).where("id", "in", ids).execute();
  return ids;
}
