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
 * What the log says of a failed batch: the error's kind and code, never its message — a database's
 * message may quote a row (a receipt code), and the log's time would then sit beside it.
 */
function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  return `${(error as Error).name ?? "Error"}${typeof code === "string" ? ` ${code}` : ""}`;
}

/**
 * A batch when enough wait. A failure here (the database refusing the write, a ballot that does
 * not open) loses nothing — the ballots stay waiting, the votes are already recorded — so it is
 * reported, and the next vote or the close tries again.
 */
async function moveBatchIfDue(ctx: AppContext, electionId: number): Promise<void> {
  try {
    if ((await countPendingBallots(ctx.db, electionId)) < BALLOT_BATCH) return;
    await moveBatch(ctx, electionId, BALLOT_BATCH);
  } catch (error) {
    console.warn(`elections: a batch of ballots stays waiting: ${reasonOf(error)}`);
  }
}

/** Per portal (a test process runs several), the elections whose batch is running, and those asked again meanwhile. */
const running = new WeakMap<AppContext, Map<number, Promise<void>>>();
const askedAgain = new WeakMap<AppContext, Set<number>>();

/**
 * After a vote's commit, once it is answered: a batch if enough ballots wait, run beside the
 * requests rather than inside the vote's answer (a rewrite of the box and a checkpoint or vacuum,
 * tens of milliseconds on a loaded machine, would otherwise land on one vote in ten). One at a
 * time per election: a vote arriving while one runs asks for another check after it.
 */
export function moveBatchSoon(ctx: AppContext, electionId: number): void {
  const runs = running.get(ctx) ?? new Map<number, Promise<void>>();
  const again = askedAgain.get(ctx) ?? new Set<number>();
  running.set(ctx, runs);
  askedAgain.set(ctx, again);
  if (runs.has(electionId)) {
    again.add(electionId);
    return;
  }
  const run = (async () => {
    do {
      again.delete(electionId);
      await moveBatchIfDue(ctx, electionId);
    } while (again.has(electionId));
  })().finally(() => runs.delete(electionId));
  runs.set(electionId, run);
}

/** Resolves once no batch runs (tests, and a shutdown that must not cut one short). */
export async function batchesSettled(ctx: AppContext): Promise<void> {
  const runs = running.get(ctx);
  while (runs && runs.size > 0) await Promise.all(runs.values());
}

/** Polls that take no more votes: their waiting ballots go into the box, however few. */
const ENDED = new Set(["closed", "cancelled"]);

/**
 * The elections' job (register-purge.ts): the ballots still waiting in closed or cancelled polls go
 * in. A cancelled poll's ballots are never counted, but they are ballots like the others: in the
 * box, shuffled, kept and purged with it, never left sealed in the waiting table for good.
 */
export async function moveClosedPollsBallots(ctx: AppContext, now = new Date()): Promise<void> {
  for (const electionId of await electionsWithPendingBallots(ctx.db)) {
    const election = await findElection(ctx.db, electionId);
    if (!election || !ENDED.has(effectiveStatus(election, now))) continue;
    await moveEndedPollBallots(ctx, electionId);
  }
}

/** A failure (reported) leaves the ballots waiting for the job's next minute, and the caller going on. */
export async function moveEndedPollBallots(ctx: AppContext, electionId: number): Promise<void> {
  await moveBatch(ctx, electionId).catch((error: unknown) =>
    console.warn(`elections: ballots of an ended poll stay waiting: ${reasonOf(error)}`),
  );
}
