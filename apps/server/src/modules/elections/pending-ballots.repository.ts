import { randomBytes } from "node:crypto";
import type { Db } from "../../db/database.ts";
import { type SecretBox, sealedKeyId } from "../../lib/secret-box.ts";

/*
 * Ballots waiting for their batch (migration 0035, docs/elections.md "The ballot box during the
 * poll"): written sealed in the vote's transaction, beside the register line, and moved to the
 * ballot box by ballot-batches.ts. Never queried with the register (no file queries both tables:
 * apps/server/test/elections-secrecy.spec.ts).
 */

export interface Ballot {
  receiptCode: string;
  listId: number | null;
  isTest: boolean;
}

/**
 * Every sealed ballot has the same length whatever it holds: without the padding a blank vote
 * (`null`) or a list id of more digits would show through the ciphertext's length.
 */
const PADDED = 96;

/** The associated data ties a sealed ballot to its election and row: copied elsewhere, it does not open. */
const contextOf = (electionId: number, id: string) => `election-ballot:${electionId}:${id}`;

export async function insertPendingBallot(db: Db, box: SecretBox, electionId: number, ballot: Ballot): Promise<void> {
  const id = randomBytes(16).toString("hex");
  const plain = JSON.stringify({ r: ballot.receiptCode, l: ballot.listId, t: ballot.isTest ? 1 : 0 }).padEnd(PADDED);
  await db
    .insertInto("election_pending_ballots")
    .values({ election_id: electionId, id, sealed: box.seal(plain, contextOf(electionId, id)) })
    .execute();
}

export async function countPendingBallots(db: Db, electionId: number): Promise<number> {
  const row = await db
    .selectFrom("election_pending_ballots")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("election_id", "=", electionId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The elections that have ballots waiting (the elections' job moves those of closed polls). */
export async function electionsWithPendingBallots(db: Db): Promise<number[]> {
  const rows = await db.selectFrom("election_pending_ballots").select("election_id").distinct().execute();
  return rows.map((row) => row.election_id);
}

/**
 * Removes the election's waiting ballots and returns them opened. `delete … returning` hands each
 * row to one transaction only, even when two batches start at once. A ballot that does not open
 * (altered, or sealed by a key no longer configured) throws, and the caller's transaction rolls
 * back with every ballot still waiting: none is ever dropped.
 */
export async function takePendingBallots(db: Db, box: SecretBox, electionId: number): Promise<Ballot[]> {
  const rows = await db
    .deleteFrom("election_pending_ballots")
    .where("election_id", "=", electionId)
    .returning(["id", "sealed"])
    .execute();
  return rows.map((row) => {
    const plain = JSON.parse(box.open(row.sealed, contextOf(electionId, row.id))) as {
      r: string;
      l: number | null;
      t: 0 | 1;
    };
    return { receiptCode: plain.r, listId: plain.l, isTest: plain.t === 1 };
  });
}

/**
 * The key's rotation (cli/rotate-data-key.ts): every waiting ballot sealed by another key than the
 * current one is opened (with DATA_ENCRYPTION_KEY_PREVIOUS) and sealed again with the current one,
 * so removing the previous key afterwards loses no vote. Returns how many were sealed again.
 */
export async function resealPendingBallots(db: Db, box: SecretBox): Promise<number> {
  const rows = await db.selectFrom("election_pending_ballots").selectAll().execute();
  let changed = 0;
  for (const row of rows) {
    if (sealedKeyId(row.sealed) === box.currentKeyId) continue;
    const context = contextOf(row.election_id, row.id);
    await db
      .updateTable("election_pending_ballots")
      .set({ sealed: box.seal(box.open(row.sealed, context), context) })
      .where("election_id", "=", row.election_id)
      .where("id", "=", row.id)
      .where("sealed", "=", row.sealed)
      .execute();
    changed++;
  }
  return changed;
}
