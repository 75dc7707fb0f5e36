import { randomInt } from "node:crypto";
import {
  closesBeforeMinimum,
  type ElectionCloseInput,
  type ElectionCreateInput,
  type ElectionUpdateInput,
  electionEarlyCloseSchema,
} from "@portal/shared/schemas/elections";
import type { AppContext } from "../../context.ts";
import { type Db, nowIso, writeTransaction } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { AppError } from "../../lib/errors.ts";
import { validationError } from "../../plugins/errors.ts";
import { moveBatch, moveEndedPollBallots, moveWaitingBallots } from "./ballot-batches.ts";
import { afterBallotRewrite, beforeBallotRewrite } from "./ballot-box-disk.ts";
import { type Actor, assertEditable, assertListsPublishable, assertVersion, electionOr404 } from "./election-guards.ts";
import { countElection, turnout } from "./election-result.ts";
import { queueResultsMails } from "./election-results-mail.ts";
import { effectiveStatus, electionView, electionViews } from "./election-view.ts";
import { type ElectionRow, insertElection, listElectionRows, updateElectionIf } from "./elections.repository.ts";
import { freezeRegisterIfDue } from "./register-freeze.ts";

async function assertSchoolYear(db: Db, id: number): Promise<void> {
  const year = await db.selectFrom("school_years").select("id").where("id", "=", id).executeTakeFirst();
  if (!year) throw new AppError(400, "VALIDATION_ERROR", {}, { schoolYearId: "" });
}

/** The unit of the vote: set while the election is edited (a draft, or scheduled before its opening). */
const voteUnit = (input: ElectionCreateInput, current = "parent") => input.voteUnit ?? current;

const columns = (input: ElectionCreateInput) => ({
  school_year_id: input.schoolYearId,
  title_es: input.titleEs,
  title_en: input.titleEn,
  title_fr: input.titleFr,
  body: input.body,
  seats: input.seats,
  candidacy_deadline: input.candidacyDeadline,
  opens_at: input.opensAt,
  closes_at: input.closesAt,
});

/**
 * Who may vote (docs/elections.md "The electorate"): the statuses and levels, set while the
 * election can be edited; left out, the accepted statuses and every level (creation) or unchanged.
 */
const electorateColumns = (input: ElectionCreateInput, current?: ElectionRow) => ({
  electorate_statuses: input.electorateStatuses
    ? JSON.stringify(input.electorateStatuses)
    : (current?.electorate_statuses ?? null),
  electorate_levels: input.electorateLevels
    ? input.electorateLevels.length > 0
      ? JSON.stringify(input.electorateLevels)
      : null
    : (current?.electorate_levels ?? null),
});

export async function listElections(ctx: AppContext) {
  return { items: await electionViews(ctx.db, await listElectionRows(ctx.db)) };
}

export async function createElection(ctx: AppContext, actor: Actor, input: ElectionCreateInput) {
  return writeTransaction(ctx.db, ctx.engine, async (trx) => {
    await assertSchoolYear(trx, input.schoolYearId);
    const now = nowIso();
    const values = { ...columns(input), vote_unit: voteUnit(input), ...electorateColumns(input) };
    const id = await insertElection(trx, { ...values, created_at: now, updated_at: now });
    await recordAudit(trx, {
      event: "election.created",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { electionId: id, ...values },
    });
    return electionView(trx, await electionOr404(trx, id));
  });
}

export async function updateElection(ctx: AppContext, actor: Actor, id: number, input: ElectionUpdateInput) {
  return writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const row = await electionOr404(trx, id);
    assertVersion(row, input.version);
    assertEditable(row);
    await assertSchoolYear(trx, input.schoolYearId);
    // A scheduled election stays scheduled: its new opening must still be ahead.
    if (row.status === "scheduled" && input.opensAt <= nowIso()) throw new AppError(409, "ELECTION_OPENS_IN_PAST");
    const after = { ...columns(input), vote_unit: voteUnit(input, row.vote_unit), ...electorateColumns(input, row) };
    if (!(await updateElectionIf(trx, id, input.version, { ...after, updated_at: nowIso() }))) {
      throw new AppError(409, "VERSION_CONFLICT");
    }
    const before = Object.fromEntries(Object.keys(after).map((key) => [key, row[key as keyof ElectionRow]]));
    await recordAudit(trx, {
      event: "election.updated",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { electionId: id, before, after },
    });
    return electionView(trx, await electionOr404(trx, id));
  });
}

/** Draft → scheduled: families see it as upcoming. Every list must pass the size rule. */
export async function scheduleElection(ctx: AppContext, actor: Actor, id: number, version: number) {
  return writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const row = await electionOr404(trx, id);
    assertVersion(row, version);
    if (row.status !== "draft") throw new AppError(409, "ELECTION_WRONG_STATUS");
    if (row.opens_at <= nowIso()) throw new AppError(409, "ELECTION_OPENS_IN_PAST");
    await assertListsPublishable(trx, row);
    await transition(trx, row, { status: "scheduled" });
    await recordAudit(trx, {
      event: "election.scheduled",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { electionId: id, opensAt: row.opens_at, closesAt: row.closes_at },
    });
    return electionView(trx, await electionOr404(trx, id));
  });
}

async function transition(trx: Db, row: ElectionRow, changes: Parameters<typeof updateElectionIf>[3]) {
  if (!(await updateElectionIf(trx, row.id, row.version, { ...changes, updated_at: nowIso() }))) {
    throw new AppError(409, "VERSION_CONFLICT");
  }
}

/** Any time before publication, with a reason; ballots already cast are never counted. */
export async function cancelElection(ctx: AppContext, actor: Actor, id: number, version: number, reason: string) {
  const view = await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const row = await electionOr404(trx, id);
    assertVersion(row, version);
    if (row.status === "published" || row.status === "cancelled") throw new AppError(409, "ELECTION_WRONG_STATUS");
    await transition(trx, row, { status: "cancelled", cancel_reason: reason });
    await recordAudit(trx, {
      event: "election.cancelled",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { electionId: id, reason, statusBefore: effectiveStatus(row, new Date()) },
    });
    return electionView(trx, await electionOr404(trx, id));
  });
  // No vote comes in any more: the waiting ballots join the box now (ballot-batches.ts).
  await moveEndedPollBallots(ctx, id);
  return view;
}

/**
 * Ends an open poll now (an incident, or a test); after its closing time it is closed already.
 * Before the minimum announced to the families (MIN_POLL_HOURS after the opening) a reason is
 * required: it is kept with the election, audited and printed in the minutes.
 */
export async function closeElection(ctx: AppContext, actor: Actor, id: number, body: ElectionCloseInput) {
  await freezeRegisterIfDue(ctx, await electionOr404(ctx.db, id));
  return writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const row = await electionOr404(trx, id);
    assertVersion(row, body.version);
    const now = new Date();
    if (effectiveStatus(row, now) !== "open") throw new AppError(409, "ELECTION_WRONG_STATUS");
    const early = closesBeforeMinimum(row.opens_at, now);
    if (early) {
      const checked = electionEarlyCloseSchema.safeParse(body);
      if (!checked.success) throw validationError(actor.lang, checked.error);
    }
    const reason = body.reason ? body.reason : null;
    const at = now.toISOString();
    await transition(trx, row, { closed_early_at: at, closed_early_reason: reason });
    const { voters, registeredVoters } = await turnout(trx, row);
    await recordAudit(trx, {
      event: "election.closed",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { electionId: id, at, beforeMinimum: early, reason, voters, registeredVoters },
    });
    return electionView(trx, await electionOr404(trx, id));
  });
}

/** The Admin's turnout while open (and after); never the choices before the close. */
export async function electionTurnout(ctx: AppContext, id: number) {
  const row = await freezeRegisterIfDue(ctx, await electionOr404(ctx.db, id));
  if (row.status === "draft" || row.status === "cancelled") throw new AppError(409, "ELECTION_WRONG_STATUS");
  return turnout(ctx.db, row);
}

/** The count after the close; the lot's seed is drawn once and kept, so a tie reads the same. */
export async function electionResult(ctx: AppContext, id: number) {
  const row = await freezeRegisterIfDue(ctx, await electionOr404(ctx.db, id));
  const status = effectiveStatus(row, new Date());
  if (status === "published" && row.result_json) return JSON.parse(row.result_json);
  if (status !== "closed") throw new AppError(409, "ELECTION_NOT_CLOSED");
  // The ballots still waiting for a batch go in first: the count is of every vote answered.
  await moveBatch(ctx, id);
  return countElection(ctx.db, row, await lotSeed(ctx, row));
}

async function lotSeed(ctx: AppContext, row: ElectionRow): Promise<number> {
  if (row.lot_seed !== null) return row.lot_seed;
  const seed = randomInt(1, 2_147_483_647);
  await ctx.db
    .updateTable("elections")
    .set({ lot_seed: seed })
    .where("id", "=", row.id)
    .where("lot_seed", "is", null)
    .execute();
  return (await electionOr404(ctx.db, row.id)).lot_seed ?? seed;
}

/**
 * Closed → published: the count is frozen into the row and families see it. The ballots still
 * waiting go in and the whole box is rewritten shuffled first (ballot-batches.ts), in the same
 * transaction as the count, so the count is of every vote answered and the box keeps no trace of
 * the order or the transactions they were cast in. The families on the register are e-mailed in the
 * same transaction (election-results-mail.ts), each in their language.
 */
export async function publishElection(ctx: AppContext, actor: Actor, id: number, version: number) {
  const first = await freezeRegisterIfDue(ctx, await electionOr404(ctx.db, id));
  const seed = await lotSeed(ctx, first);
  await beforeBallotRewrite(ctx);
  const view = await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const row = await electionOr404(trx, id);
    assertVersion(row, version);
    if (effectiveStatus(row, new Date()) !== "closed") throw new AppError(409, "ELECTION_NOT_CLOSED");
    await moveWaitingBallots(ctx, trx, id, 0);
    const result = await countElection(trx, row, seed);
    await transition(trx, row, { status: "published", published_at: nowIso(), result_json: JSON.stringify(result) });
    const mails = await queueResultsMails(ctx, trx, row, result);
    await recordAudit(trx, {
      event: "election.published",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: {
        electionId: id,
        voters: result.voters,
        registeredVoters: result.registeredVoters,
        lotSeed: seed,
        mails,
      },
    });
    return electionView(trx, await electionOr404(trx, id));
  });
  ctx.outbox.kick();
  // The old rows' traces leave the files too: the WAL emptied (SQLite), dead tuples vacuumed (PostgreSQL).
  await afterBallotRewrite(ctx);
  return view;
}
