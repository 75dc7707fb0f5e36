import type { HouseholdInvitationRegisterInput, HouseholdInvitationView } from "@portal/shared/schemas/household";
import { HOUSEHOLD_MAX_ACCOUNTS } from "@portal/shared/schemas/household";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../context.ts";
import { type Db, nowIso, writeTransaction } from "../../db/database.ts";
import { findHouseholdAccounts, findUserByEmail, findUserById, insertUser, updateUser } from "../../kernel/accounts.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { listSchoolYears } from "../../kernel/school-years.ts";
import { sha256 } from "../../lib/crypto.ts";
import { AppError } from "../../lib/errors.ts";
import { assertPasswordAcceptable } from "../auth/password-policy.ts";
import { completeLogin } from "../auth/sign-in.service.ts";
import { countAttempt, THROTTLE } from "../auth/throttle.ts";
import { familyStudents } from "../users/family-students.repository.ts";
import { acceptInvitation, findInvitationByHash } from "./household.repository.ts";

/*
 * The invitation's link opened by someone not signed in (docs/rules/enrollment.md "Households"): the page
 * says who invites to which family, and a second parent with no account creates it there. The
 * e-mail went to the invited address, so holding the link proves that address: the account is
 * created activated (no activation mail) and joins the family in the same transaction, and the
 * visitor is signed in. Only the invitation's address can be registered this way; the link is
 * used up by it, and dies at its expiry like any invitation.
 */

/** A pending invitation whose inviting account may still share its family, or 410. */
export async function usableInvitation(db: Db, token: string) {
  const invitation = await findInvitationByHash(db, sha256(token));
  const now = nowIso();
  if (!invitation || invitation.accepted_at || invitation.revoked_at || invitation.expires_at <= now) {
    throw new AppError(410, "HOUSEHOLD_INVITATION_INVALID");
  }
  const owner = await findUserById(db, invitation.owner_user_id);
  // The inviting account has since joined another family, or was switched off: the link is void.
  if (!owner || owner.household_owner_id !== null || owner.deactivated_at !== null) {
    throw new AppError(410, "HOUSEHOLD_INVITATION_INVALID");
  }
  return { invitation, owner };
}

export async function viewInvitation(ctx: AppContext, token: string): Promise<HouseholdInvitationView> {
  const { invitation, owner } = await usableInvitation(ctx.db, token);
  const students = await familyStudents(ctx.db, owner.id);
  return {
    email: invitation.email,
    inviter: [owner.names, owner.first_surname, owner.second_surname].filter(Boolean).join(" "),
    family: [owner.first_surname, owner.second_surname].filter(Boolean).join(" "),
    // A student added but not yet named in the file has no name to show.
    students: students.map((row) => row.student_name).filter((name) => name !== ""),
    expiresAt: invitation.expires_at,
    hasAccount: (await findUserByEmail(ctx.db, invitation.email)) !== undefined,
  };
}

/** The school year a new family session opens on: the current one, as the login preselects it. */
async function sessionYearId(db: Db): Promise<number | null> {
  const years = await listSchoolYears(db);
  return (years.find((year) => year.isCurrent) ?? years.find((year) => year.familyMayAct) ?? null)?.id ?? null;
}

/** Creates the invited address's account from the link, joins it to the family and signs it in. */
export async function registerFromInvitation(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  input: HouseholdInvitationRegisterInput,
): Promise<{ userId: number; schoolYearId: number | null }> {
  await countAttempt(ctx.db, THROTTLE.registerClient, request.ip);
  const { invitation, owner } = await usableInvitation(ctx.db, input.token);
  if (await findUserByEmail(ctx.db, invitation.email)) throw new AppError(409, "HOUSEHOLD_ACCOUNT_EXISTS");
  assertPasswordAcceptable(input.password, {
    email: invitation.email,
    names: [input.names, input.firstSurname, input.secondSurname],
  });
  const passwordHash = await ctx.hasher.hash(input.password);
  let userId: number;
  try {
    userId = await writeTransaction(ctx.db, ctx.engine, async (trx) => {
      const accounts = await findHouseholdAccounts(trx, owner.id);
      if (accounts.length >= HOUSEHOLD_MAX_ACCOUNTS) throw new AppError(409, "HOUSEHOLD_FULL");
      const id = await insertUser(trx, {
        email: invitation.email,
        passwordHash,
        firstSurname: input.firstSurname,
        secondSurname: input.secondSurname,
        names: input.names,
        phone: input.phone,
        language: input.language,
        // A test family's second parent is test data too (left out of reports like the first).
        role: owner.role === "Prueba" ? "Prueba" : "User",
        activated: true,
      });
      // Of two sign-ups with one link, the second finds it used and rolls its account back.
      if (!(await acceptInvitation(trx, invitation.id, id, nowIso()))) {
        throw new AppError(410, "HOUSEHOLD_INVITATION_INVALID");
      }
      await updateUser(trx, id, { household_owner_id: owner.id });
      await recordAudit(trx, {
        event: "account.registered",
        subjectUserId: id,
        ip: request.ip,
        details: { householdInvitation: true },
      });
      await recordAudit(trx, { event: "household.joined", actorUserId: id, subjectUserId: owner.id, ip: request.ip });
      return id;
    });
  } catch (error) {
    // The address registered meanwhile by another way: the unique index kept that account.
    if (!(error instanceof AppError) && (await findUserByEmail(ctx.db, invitation.email))) {
      throw new AppError(409, "HOUSEHOLD_ACCOUNT_EXISTS");
    }
    throw error;
  }
  const schoolYearId = await sessionYearId(ctx.db);
  await completeLogin(ctx, request, reply, { userId, schoolYearId, details: { householdInvitation: true } });
  return { userId, schoolYearId };
}
