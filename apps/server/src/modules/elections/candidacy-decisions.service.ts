import type { AdminCandidacy } from "@portal/shared/schemas/election-candidacies";
import type { AppContext } from "../../context.ts";
import { nowIso, writeTransaction } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { AppError } from "../../lib/errors.ts";
import {
  appendCandidate,
  decideCandidacy,
  electionCandidacies,
  findCandidacy,
  standsIn,
} from "./candidacies.repository.ts";
import { candidacyView } from "./candidacy-view.ts";
import { recordedBirthDates } from "./candidate-birth-dates.repository.ts";
import { type Actor, assertEditable, electionOr404 } from "./election-guards.ts";
import { personName } from "./election-view.ts";
import { findList, insertList, organizationRuns } from "./elections.repository.ts";
import { findEligibleVoters, isTestVoter } from "./eligibility.repository.ts";

/*
 * The Admin's decisions on families' candidacies (docs/elections.md "Candidacies from families"),
 * each audited. A candidacy lodged before the deadline may be decided until the poll opens.
 */

export async function listCandidacies(ctx: AppContext, electionId: number): Promise<{ items: AdminCandidacy[] }> {
  await electionOr404(ctx.db, electionId);
  const rows = await electionCandidacies(ctx.db, electionId);
  return {
    items: rows.map((row) => ({ ...candidacyView(row), userId: row.user_id, name: personName(row), email: row.email })),
  };
}

async function pendingOr409(ctx: AppContext, id: number) {
  const candidacy = await findCandidacy(ctx.db, id);
  if (!candidacy) throw new AppError(404, "NOT_FOUND");
  if (candidacy.status !== "pending") throw new AppError(409, "ELECTION_CANDIDACY_DECIDED");
  return candidacy;
}

/**
 * Approves: the person goes to the end of the existing list, or heads the new list it proposed
 * (created with its organization). The person must still be a voter who may stand, on no list of
 * the election, and the list must keep at most twice the seats.
 */
export async function approveCandidacy(ctx: AppContext, actor: Actor, id: number) {
  const electionId = await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const candidacy = await findCandidacy(trx, id);
    if (!candidacy) throw new AppError(404, "NOT_FOUND");
    if (candidacy.status !== "pending") throw new AppError(409, "ELECTION_CANDIDACY_DECIDED");
    const election = await electionOr404(trx, candidacy.election_id);
    assertEditable(election);
    const [voter] = await findEligibleVoters(trx, election, [candidacy.user_id]);
    if (!voter || isTestVoter(voter)) {
      const user = await trx
        .selectFrom("users")
        .select(["names", "first_surname", "second_surname"])
        .where("id", "=", candidacy.user_id)
        .executeTakeFirstOrThrow();
      throw new AppError(409, "ELECTION_CANDIDATE_NOT_ELIGIBLE", { name: personName(user) });
    }
    if (await standsIn(trx, election.id, candidacy.user_id)) throw new AppError(409, "ELECTION_CANDIDATE_TWICE");
    let listId = candidacy.list_id;
    if (listId !== null) {
      const list = await findList(trx, listId);
      if (!list || list.election_id !== election.id) throw new AppError(404, "NOT_FOUND");
    } else {
      const organizationId = candidacy.organization_id as number;
      if (await organizationRuns(trx, election.id, organizationId))
        throw new AppError(409, "ELECTION_ORGANIZATION_RUNS");
      listId = await insertList(trx, {
        election_id: election.id,
        organization_id: organizationId,
        name: candidacy.list_name ?? "",
        statement: null,
        created_at: nowIso(),
      });
    }
    const birthDate = (await recordedBirthDates(trx, [candidacy.user_id])).get(candidacy.user_id) ?? null;
    const size = await appendCandidate(trx, listId, {
      userId: candidacy.user_id,
      statement: candidacy.statement,
      birthDate,
    });
    if (size > election.seats * 2) {
      throw new AppError(409, "ELECTION_LIST_SIZE", {
        list: candidacy.list_label ?? "",
        min: 2,
        max: election.seats * 2,
      });
    }
    if (!(await decideCandidacy(trx, id, { status: "approved", reason: null, listId, at: nowIso() }))) {
      throw new AppError(409, "ELECTION_CANDIDACY_DECIDED");
    }
    await recordAudit(trx, {
      event: "election.candidacyApproved",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: {
        electionId: election.id,
        candidacyId: id,
        userId: candidacy.user_id,
        listId,
        newList: candidacy.list_id === null,
      },
    });
    return election.id;
  });
  return listCandidacies(ctx, electionId);
}

/** Declines with a reason the family reads on the election's page. */
export async function declineCandidacy(ctx: AppContext, actor: Actor, id: number, reason: string) {
  const candidacy = await pendingOr409(ctx, id);
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    if (!(await decideCandidacy(trx, id, { status: "declined", reason, listId: null, at: nowIso() }))) {
      throw new AppError(409, "ELECTION_CANDIDACY_DECIDED");
    }
    await recordAudit(trx, {
      event: "election.candidacyDeclined",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { electionId: candidacy.election_id, candidacyId: id, userId: candidacy.user_id, reason },
    });
  });
  return listCandidacies(ctx, candidacy.election_id);
}
