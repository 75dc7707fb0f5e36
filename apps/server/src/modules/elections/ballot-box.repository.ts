import { randomInt } from "node:crypto";
import type { Db } from "../../db/database.ts";
import type { Ballot } from "./pending-ballots.repository.ts";

/*
 * The ballot box (migration 0020): the choice and the receipt. Filled in shuffled batches from the
 * sealed ballots waiting beside the register (ballot-batches.ts), never written with a register
 * line nor queried with one: no file queries both tables (apps/server/test/elections-secrecy.spec.ts).
 */

/** Whether a counted ballot has this receipt (never its choice: the query does not read it). */
export async function hasCountedBallot(db: Db, electionId: number, receiptCode: string): Promise<boolean> {
  const row = await db
    .selectFrom("election_ballots")
    .select("receipt_code")
    .where("election_id", "=", electionId)
    .where("receipt_code", "=", receiptCode)
    .where("is_test", "=", 0)
    .executeTakeFirst();
  return row !== undefined;
}

/** Ballots per choice (null list: blank), test ballots apart. */
export async function countBallots(db: Db, electionId: number) {
  return db
    .selectFrom("election_ballots")
    .select(["list_id", "is_test", db.fn.countAll<number | string>().as("n")])
    .where("election_id", "=", electionId)
    .groupBy(["list_id", "is_test"])
    .execute();
}

/**
 * Puts `added` into the election's box and rewrites the whole box in a fresh random order (crypto),
 * in the caller's transaction (docs/elections.md "The ballot box during the poll"). Every ballot of
 * the election is written again, so each batch leaves the box as one set: on PostgreSQL all its
 * rows carry this transaction's id (xmin) and sit in the shuffled order (ctid); on SQLite the cells
 * are laid out in the shuffled order. Neither tells an earlier batch from a later one, nor lines up
 * with the register.
 */
export async function reshuffleBallots(db: Db, electionId: number, added: Ballot[]): Promise<void> {
  const stored = await db
    .selectFrom("election_ballots")
    .select(["receipt_code", "list_id", "is_test"])
    .where("election_id", "=", electionId)
    .execute();
  const rows = [
    ...stored,
    ...added.map((b) => ({ receipt_code: b.receiptCode, list_id: b.listId, is_test: b.isTest ? 1 : 0 })),
  ];
  // Fisher-Yates with a cryptographic source: the order must not be predictable from the votes.
  for (let i = rows.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [rows[i], rows[j]] = [rows[j] as (typeof rows)[number], rows[i] as (typeof rows)[number]];
  }
  if (stored.length > 0) await db.deleteFrom("election_ballots").where("election_id", "=", electionId).execute();
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto("election_ballots")
      .values(rows.slice(i, i + 500).map((row) => ({ election_id: electionId, ...row })))
      .execute();
  }
}
