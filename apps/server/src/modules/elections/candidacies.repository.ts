import type { Selectable } from "kysely";
import type { Db } from "../../db/database.ts";
import type { ElectionCandidaciesTable } from "../../db/election-types.ts";

/** Families' candidacies (migration 0031): queries only. */

export type CandidacyRow = Selectable<ElectionCandidaciesTable> & { list_label: string | null };

function candidacies(db: Db) {
  return db
    .selectFrom("election_candidacies as c")
    .leftJoin("election_lists as l", "l.id", "c.list_id")
    .selectAll("c")
    .select("l.name as list_label");
}

export async function findCandidacy(db: Db, id: number): Promise<CandidacyRow | undefined> {
  return candidacies(db).where("c.id", "=", id).executeTakeFirst();
}

export async function findOwnCandidacy(db: Db, electionId: number, userId: number): Promise<CandidacyRow | undefined> {
  return candidacies(db).where("c.election_id", "=", electionId).where("c.user_id", "=", userId).executeTakeFirst();
}

export async function electionCandidacies(db: Db, electionId: number) {
  return candidacies(db)
    .innerJoin("users as u", "u.id", "c.user_id")
    .select(["u.names", "u.first_surname", "u.second_surname", "u.email"])
    .where("c.election_id", "=", electionId)
    .orderBy("c.created_at")
    .orderBy("c.id")
    .execute();
}

export interface CandidacyValues {
  list_id: number | null;
  list_name: string | null;
  organization_id: number | null;
  statement: string | null;
}

/** A new candidacy, or the account's previous one replaced (pending again, its decision cleared). */
export async function saveOwnCandidacy(
  db: Db,
  electionId: number,
  userId: number,
  values: CandidacyValues,
  now: string,
): Promise<void> {
  const changes = { ...values, status: "pending", decision_reason: null, decided_at: null, updated_at: now };
  const updated = await db
    .updateTable("election_candidacies")
    .set(changes)
    .where("election_id", "=", electionId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    await db
      .insertInto("election_candidacies")
      .values({ ...changes, election_id: electionId, user_id: userId, created_at: now })
      .execute();
  }
}

export async function deleteOwnCandidacy(db: Db, electionId: number, userId: number): Promise<void> {
  await db
    .deleteFrom("election_candidacies")
    .where("election_id", "=", electionId)
    .where("user_id", "=", userId)
    .execute();
}

/** The Admin's decision, only on a pending candidacy; false if someone decided first. */
export async function decideCandidacy(
  db: Db,
  id: number,
  decision: { status: "approved" | "declined"; reason: string | null; listId: number | null; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable("election_candidacies")
    .set({
      status: decision.status,
      decision_reason: decision.reason,
      decided_at: decision.at,
      updated_at: decision.at,
      ...(decision.listId !== null ? { list_id: decision.listId } : {}),
    })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The approved candidacies of people the Admin took off a list: the candidacy goes with the place
 * (the family's page no longer says "on the list", and it may declare again before the deadline).
 */
export async function dropApprovedCandidacies(db: Db, listId: number, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .deleteFrom("election_candidacies")
    .where("list_id", "=", listId)
    .where("status", "=", "approved")
    .where("user_id", "in", userIds)
    .execute();
}

/** Whether the person already stands on a list of the election. */
export async function standsIn(db: Db, electionId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom("election_candidates as c")
    .innerJoin("election_lists as l", "l.id", "c.list_id")
    .select("c.id")
    .where("l.election_id", "=", electionId)
    .where("c.user_id", "=", userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Appends a candidate at the end of a list; answers the list's new size. */
export async function appendCandidate(
  db: Db,
  listId: number,
  candidate: { userId: number; statement: string | null; birthDate: string | null },
): Promise<number> {
  const last = await db
    .selectFrom("election_candidates")
    .select((eb) => [eb.fn.max("rank").as("rank"), eb.fn.countAll().as("n")])
    .where("list_id", "=", listId)
    .executeTakeFirstOrThrow();
  await db
    .insertInto("election_candidates")
    .values({
      list_id: listId,
      user_id: candidate.userId,
      rank: Number(last.rank ?? 0) + 1,
      statement: candidate.statement,
      photo_ref: null,
      birth_date: candidate.birthDate,
    })
    .execute();
  return Number(last.n) + 1;
}
