import type { AppContext } from "../../context.ts";
import { type Db, writeTransaction } from "../../db/database.ts";
import { reshuffleBallots } from "./ballot-box.repository.ts";
import { afterBallotRewrite, beforeBallotRewrite } from "./ballot-box-disk.ts";
import { effectiveStatus } from "./election-view.ts";
import { findElection } from "./elections.repository.ts";
import { countPendingBallots, electionsWithPendingBallots, takePendingBallots } from "./pending-ballots.repository.ts";

/*
 * The ballot box fills in batches (docs/elections.md "The ballot box during the poll"). A vote
 * leaves its ballot sealed beside its register line; once BALLOT_BATCH of them wait, they are
 * opened and moved together into the box, which is rewritten whole in a new random order, and the
 * files are cleaned (ballot-box-disk.ts). At the close every waiting ballot is moved before
 * anything is counted, however few.
 */

/**
 * Ballots moved at once: the smallest group a copy of the data taken between two batches can tie
 * to the register lines written meanwhile (a bigger one waits longer, sealed).
 */
export const BALLOT_BATCH = 10;

/**
 * In the caller's write transaction: every waiting ballot of the election into the box, the box
 * reshuffled. Returns how many moved. On PostgreSQL the election's row is locked first, so two
 * batches of one election never interleave their rewrites (SQLite's write lock already does).
 */
export async function moveWaitingBallots(ctx: AppContext, trx: Db, electionId: number, atLeast = 1): Promise<number> {
  if (ctx.engine === "postgres") {
    await trx.selectFrom("elections").select("id").where("id", "=", electionId).forUpdate().execute();
  }
  if ((await countPendingBallots(trx, electionId)) < atLeast) return 0;
  const added = await takePendingBallots(trx, ctx.secrets, electionId);
  await reshuffleBallots(trx, electionId, added);
  return added.length;
}

/** A batch in its own transaction, then the files cleaned; returns how many ballots moved. */
export async function moveBatch(ctx: AppContext, electionId: number, atLeast = 1): Promise<number> {
  await beforeBallotRewrite(ctx);
  const moved = await writeTransaction(ctx.db, ctx.engine, (trx) => moveWaitingBallots(ctx, trx, electionId, atLeast));
  if (moved > 0) await afterBallotRewrite(ctx);
  return moved;
}

/**
 * After a vote's commit: a batch when enough wait. A failure here (the database refusing the
 * write, a ballot that does not open) loses nothing — the ballots stay waiting, the vote is
 * already recorded — so it is reported and the vote answered; the next vote or the close retries.
 */
export async function moveBatchIfDue(ctx: AppContext, electionId: number): Promise<void> {
  try {
    if ((await countPendingBallots(ctx.db, electionId)) < BALLOT_BATCH) return;
    await moveBatch(ctx, electionId, BALLOT_BATCH);
  } catch (error) {
    console.warn(`elections: a batch of ballots stays waiting: ${(error as Error).message}`);
  }
}

/** The elections' job (register-purge.ts): the ballots still waiting in closed polls go in. */
export async function moveClosedPollsBallots(ctx: AppContext, now = new Date()): Promise<void> {
  for (const electionId of await electionsWithPendingBallots(ctx.db)) {
    const election = await findElection(ctx.db, electionId);
    if (!election || effectiveStatus(election, now) !== "closed") continue;
    // One election's failure (reported) leaves its ballots waiting and the job going on.
    await moveBatch(ctx, electionId).catch((error: Error) =>
      console.warn(`elections: ballots of a closed poll stay waiting: ${error.message}`),
    );
  }
}
