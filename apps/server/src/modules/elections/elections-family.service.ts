import type { FamilyElection } from "@portal/shared/schemas/elections";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { electionOr404 } from "./election-guards.ts";
import { effectiveStatus, electionViews } from "./election-view.ts";
import { type ElectionRow, listVisibleElectionRows } from "./elections.repository.ts";
import { findEligibleVoter, voterIdOf } from "./eligibility.repository.ts";
import { findRegisterEntry } from "./register.repository.ts";
import { freezeRegisterIfDue } from "./register-freeze.ts";

/** The family's elections pages: /proximamente, /en-curso, /completadas, and one election. */

type Phase = "upcoming" | "in-progress" | "completed";

const PHASE_STATUSES: Record<Phase, readonly string[]> = {
  upcoming: ["scheduled"],
  "in-progress": ["open"],
  // Closed polls show there before publication, without a result.
  completed: ["closed", "published"],
};

type Family = { id: number; familyId: number };

async function familyViews(ctx: AppContext, user: Family, rows: ElectionRow[]): Promise<FamilyElection[]> {
  const frozen: ElectionRow[] = [];
  for (const row of rows) frozen.push(await freezeRegisterIfDue(ctx, row));
  const views = await electionViews(ctx.db, frozen, new Date(), false);
  const result: FamilyElection[] = [];
  for (const [index, view] of views.entries()) {
    const row = frozen[index] as ElectionRow;
    const userId = voterIdOf(row.vote_unit, user);
    const eligible = (await findEligibleVoter(ctx.db, row, userId)) !== undefined;
    const entry = await findRegisterEntry(ctx.db, row.id, userId);
    result.push({
      ...view,
      myVote: {
        eligible,
        reason: eligible ? null : "ELECTION_NOT_ELIGIBLE",
        voted: entry !== undefined,
        votedAt: entry?.voted_at ?? null,
      },
      // Only what was published: before that, nobody sees a count.
      result: view.status === "published" && row.result_json ? JSON.parse(row.result_json) : null,
    });
  }
  return result;
}

export async function familyElections(ctx: AppContext, user: Family, phase: Phase) {
  const now = new Date();
  const rows = (await listVisibleElectionRows(ctx.db)).filter((row) =>
    PHASE_STATUSES[phase].includes(effectiveStatus(row, now)),
  );
  // Completed: the latest first.
  if (phase === "completed") rows.reverse();
  return { items: await familyViews(ctx, user, rows) };
}

export async function familyElection(ctx: AppContext, user: Family, id: number) {
  const row = await electionOr404(ctx.db, id);
  if (row.status === "draft" || row.status === "cancelled") throw new AppError(404, "ELECTION_NOT_FOUND");
  return (await familyViews(ctx, user, [row]))[0] as FamilyElection;
}
