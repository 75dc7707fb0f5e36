import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { hasCountedBallot } from "./ballot-box.repository.ts";
import { electionOr404 } from "./election-guards.ts";

/**
 * A voter checks their receipt (docs/rules/elections.md "Receipts and one vote"): once the results are
 * published, the answer is only that a counted ballot of this election has the code — never the
 * choice, and nothing is recorded of who asked (no audit event: a check names the asker next to a
 * receipt, which is what the secret ballot keeps apart). Before publication: 409, so a check
 * cannot be used to watch the box fill during the poll. A wrong code or a test ballot: 404.
 */
export async function checkReceipt(ctx: AppContext, electionId: number, receiptCode: string) {
  const election = await electionOr404(ctx.db, electionId);
  if (election.status === "draft" || election.status === "cancelled") throw new AppError(404, "ELECTION_NOT_FOUND");
  if (election.status !== "published") throw new AppError(409, "ELECTION_NOT_PUBLISHED");
  if (!(await hasCountedBallot(ctx.db, electionId, receiptCode))) throw new AppError(404, "ELECTION_RECEIPT_NOT_FOUND");
  return { electionId, counted: true as const };
}
