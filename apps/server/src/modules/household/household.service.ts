import type { Language } from "@portal/shared/languages";
import {
  HOUSEHOLD_INVITATION_DAYS,
  HOUSEHOLD_MAX_ACCOUNTS,
  type Household,
  type HouseholdAccount,
} from "@portal/shared/schemas/household";
import type { AppContext } from "../../context.ts";
import { nowIso, writeTransaction } from "../../db/database.ts";
import { findHouseholdAccounts, findUserByEmail, findUserById, updateUser } from "../../kernel/accounts.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { randomToken, sha256 } from "../../lib/crypto.ts";
import { AppError } from "../../lib/errors.ts";
import { HOUR_MS, isoFromNow } from "../../lib/time.ts";
import { queueMail } from "../../mail/outbox.ts";
import { renderMail } from "../../mail/templates.ts";
import type { CurrentUser } from "../../plugins/request-types.ts";
import { publicLink } from "../auth/links.ts";
import { getIdentity } from "../settings/identity.service.ts";
import {
  acceptInvitation,
  findPendingInvitations,
  hasFamilyOfItsOwn,
  insertInvitation,
  revokeInvitations,
} from "./household.repository.ts";
import { usableInvitation } from "./invitation-landing.service.ts";

/*
 * Shared households (docs/rules/enrollment.md "Households"). A family is its first account's
 * id; a second parent's account points at it (`users.household_owner_id`) and so acts for the
 * same students, files, representatives and authorized persons (`CurrentUser.familyId`).
 */

/**
 * The path of the web screen an invitation's link opens (packages/shared/src/routes.ts): public, so
 * a second parent not signed in reads the invitation there and may create the account from it.
 */
export const JOIN_PATH = "/household-invitation";
const DAY_MS = 24 * HOUR_MS;

interface Meta {
  ip: string;
}

const isOwner = (user: CurrentUser) => user.familyId === user.id;

function ownerOnly(user: CurrentUser): void {
  if (!isOwner(user)) throw new AppError(403, "HOUSEHOLD_NOT_OWNER");
}

export async function getHousehold(ctx: AppContext, user: CurrentUser): Promise<Household> {
  const rows = await findHouseholdAccounts(ctx.db, user.familyId);
  const accounts: HouseholdAccount[] = rows.map((row) => ({
    id: row.id,
    name: [row.names, row.first_surname, row.second_surname].filter(Boolean).join(" "),
    email: row.email,
    owner: row.id === user.familyId,
    you: row.id === user.id,
  }));
  const invitations = isOwner(user) ? await findPendingInvitations(ctx.db, user.id, nowIso()) : [];
  return {
    accounts,
    invitations: invitations.map((row) => ({ id: row.id, email: row.email, expiresAt: row.expires_at })),
    canInvite: isOwner(user) && accounts.length + invitations.length < HOUSEHOLD_MAX_ACCOUNTS,
  };
}

/**
 * Invites a second parent by e-mail: the link is sent through the outbox, greeting the invited
 * account by name in its language when the address has one, else in the inviter's language.
 */
export async function invite(ctx: AppContext, meta: Meta, user: CurrentUser, email: string): Promise<Household> {
  ownerOnly(user);
  if (email === user.email) throw new AppError(400, "HOUSEHOLD_SELF_INVITE");
  const token = randomToken();
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const now = nowIso();
    const accounts = await findHouseholdAccounts(trx, user.id);
    const pending = await findPendingInvitations(trx, user.id, now);
    if (accounts.length + pending.length >= HOUSEHOLD_MAX_ACCOUNTS) throw new AppError(409, "HOUSEHOLD_FULL");
    await insertInvitation(trx, {
      ownerId: user.id,
      email,
      tokenHash: sha256(token),
      now,
      expiresAt: isoFromNow(HOUSEHOLD_INVITATION_DAYS * DAY_MS),
    });
    const invitee = await findUserByEmail(trx, email);
    const { to, subject, text, html } = renderMail({
      template: "householdInvitation",
      language: (invitee?.language ?? user.language) as Language,
      to: email,
      name: invitee ? [invitee.names, invitee.first_surname].filter(Boolean).join(" ") : null,
      school: (await getIdentity(ctx, trx)).schoolName,
      link: publicLink(ctx, `${JOIN_PATH}/${token}`),
      vars: { inviter: [user.names, user.firstSurname].join(" "), days: HOUSEHOLD_INVITATION_DAYS },
    });
    await queueMail(ctx, trx, { kind: "householdInvitation", userId: user.id, to, subject, text, html });
    await recordAudit(trx, { event: "household.invited", actorUserId: user.id, ip: meta.ip, details: { email } });
  });
  ctx.outbox.kick();
  return getHousehold(ctx, user);
}

export async function revokeInvitation(ctx: AppContext, meta: Meta, user: CurrentUser, id: number): Promise<Household> {
  ownerOnly(user);
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    if ((await revokeInvitations(trx, user.id, nowIso(), id)) === 0) throw new AppError(404, "NOT_FOUND");
    await recordAudit(trx, {
      event: "household.invitationRevoked",
      actorUserId: user.id,
      ip: meta.ip,
      details: { invitationId: id },
    });
  });
  return getHousehold(ctx, user);
}

/** The first account takes the second parent out: that account loses the family's data at once. */
export async function removeMember(ctx: AppContext, meta: Meta, user: CurrentUser, memberId: number) {
  ownerOnly(user);
  const member = await findUserById(ctx.db, memberId);
  if (!member || member.household_owner_id !== user.id) throw new AppError(404, "HOUSEHOLD_NOT_MEMBER");
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    await updateUser(trx, memberId, { household_owner_id: null });
    await recordAudit(trx, { event: "household.removed", actorUserId: user.id, subjectUserId: memberId, ip: meta.ip });
  });
  return getHousehold(ctx, user);
}

/** A second parent leaves the family; what it saved stays with the family. */
export async function leave(ctx: AppContext, meta: Meta, user: CurrentUser): Promise<void> {
  if (isOwner(user)) throw new AppError(409, "HOUSEHOLD_NOT_MEMBER");
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    await updateUser(trx, user.id, { household_owner_id: null });
    await recordAudit(trx, {
      event: "household.removed",
      actorUserId: user.id,
      subjectUserId: user.id,
      ip: meta.ip,
      details: { left: true },
    });
  });
}

/**
 * Accepts an invitation with the signed-in account. Two families are never merged: an account
 * with students of its own, or already in a household, is refused.
 */
export async function join(ctx: AppContext, meta: Meta, user: CurrentUser, token: string): Promise<Household> {
  const { invitation, owner } = await usableInvitation(ctx.db, token);
  if (invitation.email !== user.email) throw new AppError(403, "HOUSEHOLD_WRONG_ACCOUNT");
  if (!isOwner(user)) throw new AppError(409, "HOUSEHOLD_ALREADY_MEMBER");
  const now = nowIso();
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    if (await hasFamilyOfItsOwn(trx, user.id)) throw new AppError(409, "HOUSEHOLD_HAS_OWN_STUDENTS");
    // Two invitations sent at the same instant could both be pending: the second to accept finds no room.
    const accounts = await findHouseholdAccounts(trx, owner.id);
    if (accounts.length >= HOUSEHOLD_MAX_ACCOUNTS) throw new AppError(409, "HOUSEHOLD_FULL");
    if (!(await acceptInvitation(trx, invitation.id, user.id, now))) {
      throw new AppError(410, "HOUSEHOLD_INVITATION_INVALID");
    }
    await updateUser(trx, user.id, { household_owner_id: owner.id });
    // Its own invitations to others would make a chain of households.
    await revokeInvitations(trx, user.id, now);
    await recordAudit(trx, { event: "household.joined", actorUserId: user.id, subjectUserId: owner.id, ip: meta.ip });
  });
  return getHousehold(ctx, { ...user, familyId: owner.id });
}
