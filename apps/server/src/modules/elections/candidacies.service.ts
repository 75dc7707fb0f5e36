import { translate } from "@portal/i18n/translate";
import type { Language } from "@portal/shared/languages";
import type { CandidacyInput, MyCandidacy } from "@portal/shared/schemas/election-candidacies";
import type { AppContext } from "../../context.ts";
import { type Db, nowIso, writeTransaction } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { schoolLocalTime } from "../audit/school-time.ts";
import { deleteOwnCandidacy, findOwnCandidacy, saveOwnCandidacy, standsIn } from "./candidacies.repository.ts";
import { candidacyView } from "./candidacy-view.ts";
import { findOrganization, listOrganizations } from "./election-catalog.repository.ts";
import { electionOr404 } from "./election-guards.ts";
import { effectiveStatus } from "./election-view.ts";
import { type ElectionRow, findList, listListsOf, organizationRuns } from "./elections.repository.ts";
import { findEligibleVoters, isTestVoter } from "./eligibility.repository.ts";

/*
 * A family's own candidacy (docs/elections.md "Candidacies from families"): each account sees and
 * changes only its own, on an election families see, until the candidacy deadline.
 */

type Family = { id: number };

async function visibleElection(db: Db, id: number): Promise<ElectionRow> {
  const row = await electionOr404(db, id);
  if (row.status === "draft" || row.status === "cancelled") throw new AppError(404, "ELECTION_NOT_FOUND");
  return row;
}

/** Open: before the deadline, on an election announced and not yet opened. */
const candidaciesOpen = (row: ElectionRow, now = new Date()) =>
  effectiveStatus(row, now) === "scheduled" && now.toISOString() < row.candidacy_deadline;

function assertOpen(row: ElectionRow): void {
  if (!candidaciesOpen(row)) {
    throw new AppError(409, "ELECTION_CANDIDACY_DEADLINE_PASSED", {
      deadline: schoolLocalTime(row.candidacy_deadline).slice(0, 16),
    });
  }
}

async function mayStand(db: Db, row: ElectionRow, userId: number): Promise<boolean> {
  const [voter] = await findEligibleVoters(db, row, [userId]);
  return voter !== undefined && !isTestVoter(voter);
}

export async function myCandidacy(ctx: AppContext, user: Family, electionId: number): Promise<MyCandidacy> {
  const row = await visibleElection(ctx.db, electionId);
  const own = await findOwnCandidacy(ctx.db, electionId, user.id);
  const running = new Set((await listListsOf(ctx.db, [electionId])).map((list) => list.organization_id));
  return {
    candidacy: own ? candidacyView(own) : null,
    open: candidaciesOpen(row),
    deadline: row.candidacy_deadline,
    mayStand: await mayStand(ctx.db, row, user.id),
    organizations: (await listOrganizations(ctx.db))
      .filter((organization) => !running.has(organization.id))
      .map((organization) => ({ id: organization.id, name: organization.name })),
  };
}

/**
 * Declares or changes the account's candidacy: on a list of the election, or a new list with an
 * organization that does not run yet. A decided (approved) candidacy cannot change here: the
 * person is on the list, which only the Admin edits. A declined one may be lodged again.
 */
export async function declareCandidacy(
  ctx: AppContext,
  user: Family,
  lang: Language,
  electionId: number,
  input: CandidacyInput,
): Promise<MyCandidacy> {
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const row = await visibleElection(trx, electionId);
    assertOpen(row);
    if (!(await mayStand(trx, row, user.id))) throw new AppError(403, "ELECTION_NOT_ELIGIBLE");
    const own = await findOwnCandidacy(trx, electionId, user.id);
    if (own?.status === "approved") throw new AppError(409, "ELECTION_CANDIDACY_DECIDED");
    if (await standsIn(trx, electionId, user.id)) throw new AppError(409, "ELECTION_CANDIDATE_TWICE");
    if (input.listId !== undefined) {
      const list = await findList(trx, input.listId);
      if (!list || list.election_id !== electionId) throw new AppError(400, "ELECTION_LIST_OF_ANOTHER_ELECTION");
    } else {
      const organizationId = input.organizationId as number;
      if (!(await findOrganization(trx, organizationId))) {
        throw new AppError(400, "VALIDATION_ERROR", {}, { organizationId: translate(lang, "errors:NOT_FOUND") });
      }
      if (await organizationRuns(trx, electionId, organizationId))
        throw new AppError(409, "ELECTION_ORGANIZATION_RUNS");
    }
    await saveOwnCandidacy(
      trx,
      electionId,
      user.id,
      {
        list_id: input.listId ?? null,
        list_name: input.listId === undefined ? (input.listName ?? null) : null,
        organization_id: input.listId === undefined ? (input.organizationId ?? null) : null,
        statement: input.statement || null,
      },
      nowIso(),
    );
  });
  return myCandidacy(ctx, user, electionId);
}

/** Withdraws the account's candidacy while it is not approved, before the deadline. */
export async function withdrawCandidacy(ctx: AppContext, user: Family, electionId: number): Promise<void> {
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const row = await visibleElection(trx, electionId);
    assertOpen(row);
    const own = await findOwnCandidacy(trx, electionId, user.id);
    if (!own) throw new AppError(404, "NOT_FOUND");
    if (own.status === "approved") throw new AppError(409, "ELECTION_CANDIDACY_DECIDED");
    await deleteOwnCandidacy(trx, electionId, user.id);
  });
}
