import type { StepId } from "@portal/shared/enrollment-steps";
import type { RequestChecks } from "@portal/shared/schemas/workflow";
import type { AppContext } from "../../context.ts";
import {
  emailGivenByAnotherFamily,
  listSharedRepresentativeEmails,
  REPRESENTATIVE_STEPS,
  SHARED_EMAIL_ROWS,
} from "./representative-emails.repository.ts";

/**
 * Spec 5 "same identification or e-mail" for the legal representatives (docs/rules/enrollment.md
 * "A representative's e-mail given by another family"): never a refusal (a parent may represent
 * children of two families), a warning to the family that tells nothing of the other family, and a
 * check on the request's page naming the other requests to the staff.
 */

const isRepresentativeStep = (step: StepId) => (REPRESENTATIVE_STEPS as readonly string[]).includes(step);

/**
 * The family's warning for a representative step's data: `{ emailGivenByAnotherFamily }` on the two
 * representative steps (one indexed query when an e-mail is given), nothing on the others.
 */
export async function representativeEmailWarning(
  ctx: AppContext,
  familyUserId: number,
  step: StepId,
  data: Record<string, unknown> | null,
): Promise<{ emailGivenByAnotherFamily?: boolean }> {
  if (!isRepresentativeStep(step)) return {};
  const email = typeof data?.email === "string" ? data.email : "";
  if (email.trim() === "") return { emailGivenByAnotherFamily: false };
  return { emailGivenByAnotherFamily: await emailGivenByAnotherFamily(ctx.db, ctx.engine, email, familyUserId) };
}

/** The request page's check: one query for the file's two representatives. */
export async function sharedEmailsCheck(
  ctx: AppContext,
  fileId: number,
  familyUserId: number,
): Promise<Pick<RequestChecks, "sharedEmails" | "sharedEmailsMore">> {
  const rows = await listSharedRepresentativeEmails(ctx.db, ctx.engine, fileId, familyUserId);
  const sharedEmails: RequestChecks["sharedEmails"] = [];
  for (const row of rows.slice(0, SHARED_EMAIL_ROWS)) {
    let entry = sharedEmails.find((e) => e.step === row.step);
    if (!entry) {
      entry = { step: row.step, email: row.email, requests: [] };
      sharedEmails.push(entry);
    }
    entry.requests.push({ id: row.request_id, code: row.code, step: row.other_step });
  }
  return { sharedEmails, sharedEmailsMore: rows.length > SHARED_EMAIL_ROWS };
}
