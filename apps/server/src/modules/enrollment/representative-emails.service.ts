import type { StepId } from "@portal/shared/enrollment-steps";
import type { RequestChecks } from "@portal/shared/schemas/workflow";
import type { AppContext } from "../../context.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import {
  emailGivenByAnotherFamily,
  listSharedRepresentativeEmails,
  REPRESENTATIVE_STEPS,
  SHARED_EMAIL_ROWS,
} from "./representative-emails.repository.ts";

/**
 * Spec 5 "same identification or e-mail" for the legal representatives (docs/rules/enrollment.md
 * "Students: identity, birth date and level"): never a refusal (a parent may represent
 * children of two families), a warning to the family that tells nothing of the other family, and a
 * check on the request's page naming the other requests to the staff.
 */

const isRepresentativeStep = (step: StepId) => (REPRESENTATIVE_STEPS as readonly string[]).includes(step);

/**
 * The family's warning for a representative step's data: `{ emailGivenByAnotherFamily }` on the two
 * representative steps (one indexed query when an e-mail is given), nothing on the others. With
 * `saved` (a save, not a read), a warned save is audited with ids only, so the staff can see a
 * family trying address after address (each try is a full save of the step).
 */
export async function representativeEmailWarning(
  ctx: AppContext,
  familyUserId: number,
  step: StepId,
  data: Record<string, unknown> | null,
  saved?: { userId: number; ip: string; fileId: number },
): Promise<{ emailGivenByAnotherFamily?: boolean }> {
  if (!isRepresentativeStep(step)) return {};
  const email = typeof data?.email === "string" ? data.email : "";
  if (email.trim() === "") return { emailGivenByAnotherFamily: false };
  const shared = await emailGivenByAnotherFamily(ctx.db, ctx.engine, email, familyUserId);
  if (shared && saved) {
    await recordAudit(ctx.db, {
      event: "enrollment.representativeEmail.shared",
      actorUserId: saved.userId,
      subjectUserId: familyUserId,
      ip: saved.ip,
      details: { fileId: saved.fileId, step },
    });
  }
  return { emailGivenByAnotherFamily: shared };
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
