import { translate } from "@portal/i18n/translate";
import type { AppContext } from "../../context.ts";
import { type Db, nowIso, writeTransaction } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { AppError } from "../../lib/errors.ts";
import { dropApprovedCandidacies } from "./candidacies.repository.ts";
import { recordedBirthDates } from "./candidate-birth-dates.repository.ts";
import { removeCandidatePhotos } from "./candidate-photos.service.ts";
import { findOrganization } from "./election-catalog.repository.ts";
import { type Actor, assertCandidaciesOpen, assertEditable, assertListSize, electionOr404 } from "./election-guards.ts";
import { electionView, personName } from "./election-view.ts";
import {
  candidatesElsewhere,
  deleteList,
  findList,
  insertList,
  listCandidatesOf,
  organizationRuns,
  replaceCandidates,
} from "./elections.repository.ts";
import { findEligibleVoters, isTestVoter, searchEligibleVoters } from "./eligibility.repository.ts";

async function listOr404(db: Db, listId: number) {
  const list = await findList(db, listId);
  if (!list) throw new AppError(404, "NOT_FOUND");
  return list;
}

export async function addList(
  ctx: AppContext,
  actor: Actor,
  electionId: number,
  input: { organizationId: number; name: string; statement?: string | undefined },
) {
  return writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const election = await electionOr404(trx, electionId);
    assertEditable(election);
    assertCandidaciesOpen(election);
    if (!(await findOrganization(trx, input.organizationId))) {
      throw new AppError(400, "VALIDATION_ERROR", {}, { organizationId: translate(actor.lang, "errors:NOT_FOUND") });
    }
    if (await organizationRuns(trx, electionId, input.organizationId))
      throw new AppError(409, "ELECTION_ORGANIZATION_RUNS");
    const listId = await insertList(trx, {
      election_id: electionId,
      organization_id: input.organizationId,
      name: input.name,
      statement: input.statement || null,
      created_at: nowIso(),
    });
    await recordAudit(trx, {
      event: "election.listSaved",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { electionId, listId, organizationId: input.organizationId, name: input.name },
    });
    return electionView(trx, election);
  });
}

export async function removeList(ctx: AppContext, actor: Actor, listId: number) {
  let photos: (string | null)[] = [];
  const view = await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const list = await listOr404(trx, listId);
    const election = await electionOr404(trx, list.election_id);
    assertEditable(election);
    assertCandidaciesOpen(election);
    photos = (await listCandidatesOf(trx, [listId])).map((c) => c.photo_ref);
    await deleteList(trx, listId);
    await recordAudit(trx, {
      event: "election.listDeleted",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { electionId: election.id, listId, name: list.name },
    });
    return electionView(trx, election);
  });
  // Once the rows are gone for good: a rolled-back delete keeps its photos.
  removeCandidatePhotos(ctx, photos);
  return view;
}

/**
 * Replaces a list's people, in order. Each must be an eligible voter of the election's year (and
 * not a test account), on no other list of the election. The size rule is checked when scheduling,
 * and here too once the election is scheduled (families already see it). Photos are the server's
 * (uploaded on their own route): a person who stays on the list keeps theirs, a person who leaves
 * it takes theirs away (the file is removed). A birth date left out is the representative's
 * record's (candidate-birth-dates.repository.ts), or the one the candidate had on the list.
 */
export async function saveCandidates(
  ctx: AppContext,
  actor: Actor,
  listId: number,
  input: { candidates: { userId: number; statement?: string | undefined; birthDate?: string | undefined }[] },
) {
  let dropped: (string | null)[] = [];
  const view = await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const list = await listOr404(trx, listId);
    const election = await electionOr404(trx, list.election_id);
    assertEditable(election);
    assertCandidaciesOpen(election);
    const ids = input.candidates.map((c) => c.userId);
    if (new Set(ids).size !== ids.length) throw new AppError(409, "ELECTION_CANDIDATE_TWICE");
    const eligible = new Map(
      (await findEligibleVoters(trx, election, ids)).filter((v) => !isTestVoter(v)).map((v) => [v.id, v]),
    );
    const missing = ids.find((id) => !eligible.has(id));
    if (missing !== undefined) {
      const user = await trx
        .selectFrom("users")
        .select(["names", "first_surname", "second_surname"])
        .where("id", "=", missing)
        .executeTakeFirst();
      throw new AppError(409, "ELECTION_CANDIDATE_NOT_ELIGIBLE", { name: user ? personName(user) : `#${missing}` });
    }
    if ((await candidatesElsewhere(trx, election.id, listId, ids)).length > 0) {
      throw new AppError(409, "ELECTION_CANDIDATE_TWICE");
    }
    if (election.status === "scheduled") assertListSize(list.name, ids.length, election.seats);
    const before = await listCandidatesOf(trx, [listId]);
    const photos = new Map(before.map((c) => [c.user_id, c.photo_ref]));
    const kept = new Map(before.map((c) => [c.user_id, c.birth_date]));
    const recorded = await recordedBirthDates(trx, ids);
    await replaceCandidates(
      trx,
      listId,
      input.candidates.map((c) => ({
        userId: c.userId,
        statement: c.statement || null,
        photoRef: photos.get(c.userId) ?? null,
        birthDate: c.birthDate ?? kept.get(c.userId) ?? recorded.get(c.userId) ?? null,
      })),
    );
    dropped = [...photos].filter(([userId]) => !ids.includes(userId)).map(([, key]) => key);
    await dropApprovedCandidacies(
      trx,
      listId,
      before.map((c) => c.user_id).filter((userId) => !ids.includes(userId)),
    );
    await recordAudit(trx, {
      event: "election.candidatesSaved",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { electionId: election.id, listId, candidates: ids },
    });
    return electionView(trx, election);
  });
  removeCandidatePhotos(ctx, dropped);
  return view;
}

export async function eligibleVoters(ctx: AppContext, electionId: number, q: string | undefined) {
  const election = await electionOr404(ctx.db, electionId);
  const rows = await searchEligibleVoters(ctx.db, election, q);
  return { items: rows.map((row) => ({ userId: row.id, name: personName(row), email: row.email })) };
}
