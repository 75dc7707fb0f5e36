import { randomBytes } from "node:crypto";
import { RECEIPT_ALPHABET } from "@portal/shared/schemas/elections";
import type { AppContext } from "../../context.ts";
import { writeTransaction } from "../../db/database.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { AppError } from "../../lib/errors.ts";
import { schoolLocalTime } from "../audit/school-time.ts";
import { moveBatchSoon } from "./ballot-batches.ts";
import { electionOr404 } from "./election-guards.ts";
import { effectiveStatus } from "./election-view.ts";
import { findList } from "./elections.repository.ts";
import { findEligibleVoter, isTestVoter, voterIdOf } from "./eligibility.repository.ts";
import { insertPendingBallot } from "./pending-ballots.repository.ts";
import { findRegisterEntry, insertRegisterEntry } from "./register.repository.ts";
import { freezeRegisterIfDue } from "./register-freeze.ts";

/** Crockford base32 without I, L, O, U: a receipt read aloud or copied by hand stays unambiguous. */
const ALPHABET = RECEIPT_ALPHABET;

/** 12 random symbols (60 bits), shown as XXXX-XXXX-XXXX. */
export function newReceiptCode(): string {
  const bytes = randomBytes(12);
  let code = "";
  for (let i = 0; i < 12; i++) {
    code += ALPHABET[(bytes[i] as number) % 32];
    if (i === 3 || i === 7) code += "-";
  }
  return code;
}

/** The message names the school's local time to the minute (spec: the school is in Ecuador). */
const localMinute = (iso: string) => schoolLocalTime(iso).slice(0, 16);

/**
 * The register keeps the hour of a vote, not the second (docs/elections.md "The ballot box during
 * the poll"): a time to the second would order the voters more finely than the batches hide.
 */
export function hourOf(date: Date): string {
  const hour = new Date(date);
  hour.setUTCMinutes(0, 0, 0);
  return hour.toISOString();
}

/**
 * One vote: the register's line (who, the hour) and the ballot (choice, receipt) SEALED in ONE
 * transaction, and nothing else — no audit event, no log line with the choice. The sealed ballot
 * waits beside the others until a batch moves them, shuffled, into the box (ballot-batches.ts):
 * once the vote is answered, its register line and its ballot are both committed, and a restart
 * or a failed batch leaves the ballot waiting, counted at the close. The register's person is the
 * account (one vote per parent) or the household's first account (one vote per family,
 * `voterIdOf`). Its key (election, person) makes a second vote fail even when two arrive at once:
 * SQLite serializes the write transactions; on PostgreSQL the second insert waits for the first
 * and then violates the key.
 */
export async function castVote(
  ctx: AppContext,
  user: { id: number; familyId: number },
  electionId: number,
  listId: number | null,
) {
  // The register frozen at the opening decides (register-freeze.ts), not the requests now.
  const election = await freezeRegisterIfDue(ctx, await electionOr404(ctx.db, electionId));
  const status = effectiveStatus(election, new Date());
  if (status === "draft" || status === "cancelled") throw new AppError(404, "ELECTION_NOT_FOUND");
  if (status === "scheduled")
    throw new AppError(409, "ELECTION_NOT_OPEN_YET", { opensAt: localMinute(election.opens_at) });
  if (status !== "open")
    throw new AppError(409, "ELECTION_CLOSED", {
      closesAt: localMinute(election.closed_early_at ?? election.closes_at),
    });
  if (listId !== null) {
    const list = await findList(ctx.db, listId);
    if (!list || list.election_id !== electionId) throw new AppError(400, "ELECTION_LIST_OF_ANOTHER_ELECTION");
  }
  const userId = voterIdOf(election.vote_unit, user);
  const voter = await findEligibleVoter(ctx.db, election, userId);
  if (!voter) throw new AppError(403, "ELECTION_NOT_ELIGIBLE");
  const receiptCode = newReceiptCode();
  const votedAt = hourOf(new Date());
  try {
    await writeTransaction(ctx.db, ctx.engine, async (trx) => {
      // The window again inside the transaction: an early close committed meanwhile wins.
      const current = await electionOr404(trx, electionId);
      if (effectiveStatus(current, new Date()) !== "open") {
        throw new AppError(409, "ELECTION_CLOSED", {
          closesAt: localMinute(current.closed_early_at ?? current.closes_at),
        });
      }
      if (await findRegisterEntry(trx, electionId, userId)) throw new AppError(409, "ELECTION_ALREADY_VOTED");
      await insertRegisterEntry(trx, electionId, userId, votedAt);
      await insertPendingBallot(trx, ctx.secrets, electionId, { receiptCode, listId, isTest: isTestVoter(voter) });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, "ELECTION_ALREADY_VOTED");
    throw error;
  }
  moveBatchSoon(ctx, electionId);
  return { receiptCode, votedAt };
}
