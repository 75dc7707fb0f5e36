import type { Db } from "../../db/database.ts";

/*
 * The ballot box (migration 0020): the choice and the receipt. Written in the same transaction as
 * the register line (register.repository.ts) by voting.service.ts, and never queried with it: no
 * file queries both tables (apps/server/test/elections-secrecy.spec.ts checks it).
 */

/** A ballot: the choice and the receipt only. */
export async function insertBallot(
  db: Db,
  ballot: { electionId: number; receiptCode: string; listId: number | null; isTest: boolean },
): Promise<void> {
  await db
    .insertInto("election_ballots")
    .values({
      election_id: ballot.electionId,
      receipt_code: ballot.receiptCode,
      list_id: ballot.listId,
      is_test: ballot.isTest ? 1 : 0,
    })
    .execute();
}

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
 * Rewrites the election's ballots in receipt-code order in a new transaction: on PostgreSQL every
 * row then carries this transaction's id (xmin) and sits in key order (ctid), so neither lines up
 * with the register's rows any more (docs/decisions.md). Run once the poll has closed.
 */
export async function rewriteBallots(db: Db, electionId: number): Promise<void> {
  const rows = await db
    .selectFrom("election_ballots")
    .selectAll()
    .where("election_id", "=", electionId)
    .orderBy("receipt_code")
    .execute();
  await db.deleteFrom("election_ballots").where("election_id", "=", electionId).execute();
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto("election_ballots")
      .values(rows.slice(i, i + 500))
      .execute();
  }
}
