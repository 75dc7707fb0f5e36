import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { eraseApplicant } from "../erasure/erasure.service.ts";

/**
 * Erasing an applicant past its period is the erasure module's work (docs/rules/data-protection.md
 * "Erasure"), so a purge and a family's erasure request remove the same things, the audit trail
 * scrubbed the same way. The purge erases as the portal itself ("system"), the run's Admin (or
 * nobody, for the schedule) named in the audit. Answers false when there was nothing left to
 * erase (erased at the family's request since the plan was made).
 */
export async function eraseExpiredApplicant(
  ctx: AppContext,
  studentId: number,
  actor: { userId: number | null },
): Promise<boolean> {
  try {
    await eraseApplicant(ctx, studentId, { userId: actor.userId, role: "system", ip: "" }, { scope: "applicant" });
    return true;
  } catch (error) {
    if (error instanceof AppError && (error.code === "ERASURE_NOTHING_LEFT" || error.statusCode === 404)) return false;
    throw error;
  }
}
