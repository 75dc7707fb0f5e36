import type { EmailLinkInput, RegisterInput } from "@portal/shared/schemas/auth";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../context.ts";
import { type Db, nowIso, writeTransaction } from "../../db/database.ts";
import { findUserByEmail, findUserById, insertUser, type UserRow, updateUser } from "../../kernel/accounts.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { deleteUserSessions } from "../../kernel/sessions.ts";
import { randomToken, sha256 } from "../../lib/crypto.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import { isoFromNow } from "../../lib/time.ts";
import type { TemplateName } from "../../mail/templates.ts";
import { endSession } from "../../plugins/session.ts";
import { ACTIVATION_TTL_MS, queueAccountMail, RESET_TTL_MS, renderAccountMail } from "./account-mail.ts";
import { verifyCaptchaOnce } from "./captcha.ts";
import { guardEmailLink } from "./email-link-guard.ts";
import { assertPasswordAcceptable, ownerOf } from "./password-policy.ts";
import { countAttempt, resetThrottle, THROTTLE } from "./throttle.ts";
import {
  consumeToken,
  findToken,
  hasTokenOfPurpose,
  insertToken,
  revokeUserTokens,
  type TokenPurpose,
} from "./tokens.repository.ts";

/** A new link token in `db` (the caller's transaction), replacing the account's earlier ones. */
async function issueToken(db: Db, userId: number, purpose: TokenPurpose, ttlMs: number): Promise<string> {
  const token = randomToken(32);
  const nowMs = Date.now();
  const now = new Date(nowMs).toISOString();
  await revokeUserTokens(db, userId, purpose, now);
  await insertToken(db, {
    userId,
    purpose,
    tokenHash: sha256(token),
    expiresAt: isoFromNow(ttlMs, nowMs),
    createdAt: now,
  });
  return token;
}

/** A fresh link token and its e-mail, committed together; the outbox delivers it. */
async function mailLink(
  ctx: AppContext,
  user: Pick<UserRow, "id" | "email" | "names" | "language">,
  link: { template: TemplateName; purpose: TokenPurpose; ttlMs: number; path: string },
  also?: (trx: Db) => Promise<void>,
): Promise<void> {
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    await also?.(trx);
    const token = await issueToken(trx, user.id, link.purpose, link.ttlMs);
    await queueAccountMail(ctx, trx, user, link.template, `${link.path}/${token}`);
  });
  ctx.outbox.kick();
}

/**
 * Registration answers the same whether or not the e-mail is known (no account enumeration):
 * a new address gets an activation link, a known one a "you already have an account" e-mail.
 * Both hash the password first (the slow part), so they also take the same time.
 * The account, its token and its e-mail commit together; SMTP being down or slow changes nothing
 * here (the outbox delivers when it can).
 */
export async function register(ctx: AppContext, request: FastifyRequest, input: RegisterInput): Promise<void> {
  await countAttempt(ctx.db, THROTTLE.registerClient, request.ip);
  if (!(await verifyCaptchaOnce(ctx.db, ctx.captchaHmacKey, input.captcha))) {
    throw new AppError(400, "CAPTCHA_INVALID", {}, { captcha: "" });
  }
  assertPasswordAcceptable(input.password, {
    email: input.email,
    names: [input.names, input.firstSurname, input.secondSurname],
  });
  const passwordHash = await ctx.hasher.hash(input.password);
  const existing = await findUserByEmail(ctx.db, input.email);
  if (existing) {
    if (!existing.activated_at) {
      await mailLink(ctx, existing, await activationLinkFor(ctx.db, existing.id));
      return;
    }
    await writeTransaction(ctx.db, ctx.engine, (trx) =>
      queueAccountMail(ctx, trx, existing, "alreadyRegistered", "/forgot-password"),
    );
    ctx.outbox.kick();
    return;
  }
  try {
    await writeTransaction(ctx.db, ctx.engine, async (trx) => {
      const userId = await insertUser(trx, {
        email: input.email,
        passwordHash,
        firstSurname: input.firstSurname,
        secondSurname: input.secondSurname,
        names: input.names,
        phone: input.phone,
        language: input.language,
        role: "User",
        activated: false,
      });
      await recordAudit(trx, { event: "account.registered", subjectUserId: userId, ip: request.ip });
      const token = await issueToken(trx, userId, "activate", ACTIVATION_TTL_MS);
      const user = { id: userId, email: input.email, names: input.names, language: input.language };
      await queueAccountMail(ctx, trx, user, "activation", `/account-activate/${token}`);
    });
  } catch (error) {
    // Two sign-ups for one address at once: the unique index keeps one; the other answers the same.
    if (await findUserByEmail(ctx.db, input.email)) return;
    throw error;
  }
  ctx.outbox.kick();
}

const ACTIVATION_LINK = {
  template: "activation",
  purpose: "activate",
  ttlMs: ACTIVATION_TTL_MS,
  path: "/account-activate",
} as const;

/**
 * An account the Admin invited gets the activation page, but its token's purpose is
 * `invite`: the page then asks for a password before activating. Its e-mail is an invitation
 * (school, inviter, role), not the thanks for registering a visitor's own sign-up gets.
 */
const INVITATION_LINK = { ...ACTIVATION_LINK, template: "staffInvitation", purpose: "invite" } as const;

/** An invited account keeps getting invitation links: it has no password of its own yet. */
async function activationLinkFor(db: Db, userId: number) {
  return (await hasTokenOfPurpose(db, userId, "invite")) ? INVITATION_LINK : ACTIVATION_LINK;
}

/** Issues an invitation link and queues its e-mail in `trx` (the transaction creating the account). */
export async function queueInvitation(
  ctx: AppContext,
  trx: Db,
  user: Pick<UserRow, "id" | "email" | "names" | "language">,
): Promise<void> {
  const token = await issueToken(trx, user.id, "invite", INVITATION_LINK.ttlMs);
  await queueAccountMail(ctx, trx, user, INVITATION_LINK.template, `${INVITATION_LINK.path}/${token}`);
}

/**
 * A family account created at the desk (docs/rules/staff-workflow.md "Walk-in families"): the parent
 * claims it with an invitation link like a staff member's (single use, 48 hours, a password to
 * choose), in an e-mail that says the school office created it. Queued in `trx`, the caller's
 * transaction; the caller kicks the outbox after the commit. Answers the link's expiry.
 */
export async function queueDeskInvitation(
  ctx: AppContext,
  trx: Db,
  user: Pick<UserRow, "id" | "email" | "names" | "language">,
): Promise<string> {
  const token = await issueToken(trx, user.id, "invite", INVITATION_LINK.ttlMs);
  await queueAccountMail(ctx, trx, user, "deskInvitation", `${INVITATION_LINK.path}/${token}`);
  return isoFromNow(INVITATION_LINK.ttlMs);
}

/** The account's unused invitation links stop working (its address changed: they went to the old one). */
export async function revokeInvitationLinks(db: Db, userId: number): Promise<void> {
  await revokeUserTokens(db, userId, "invite", nowIso());
}

/**
 * A fresh activation link for a not-activated account, sent at the Admin's request:
 * `also` runs in the same transaction (the audit entry).
 */
export async function sendActivationLink(
  ctx: AppContext,
  user: Pick<UserRow, "id" | "email" | "names" | "language">,
  also: (trx: Db) => Promise<void>,
): Promise<void> {
  await mailLink(ctx, user, await activationLinkFor(ctx.db, user.id), also);
}

/** Checks a link token without using it; the error tells an invalid link from an expired one. */
async function validToken(ctx: AppContext, purpose: TokenPurpose, token: string) {
  const row = await findToken(ctx.db, purpose, sha256(token));
  if (!row || row.used_at) throw badRequest("TOKEN_INVALID");
  if (row.expires_at <= nowIso()) throw badRequest("TOKEN_EXPIRED");
  return row;
}

/** Checks a link token and uses it up (atomically: of two requests with one link, one wins). */
async function useToken(ctx: AppContext, purpose: TokenPurpose, token: string) {
  const row = await validToken(ctx, purpose, token);
  if (!(await consumeToken(ctx.db, row.id, nowIso()))) throw badRequest("TOKEN_INVALID");
  return row;
}

/**
 * A link that sets a password (reset, invitation): the password is checked against its owner's
 * e-mail and names before the link is used up, so a refused password leaves the link usable.
 */
async function useTokenSettingPassword(ctx: AppContext, purpose: TokenPurpose, token: string, password: string) {
  const row = await validToken(ctx, purpose, token);
  const owner = await findUserById(ctx.db, row.user_id);
  if (!owner) throw badRequest("TOKEN_INVALID");
  assertPasswordAcceptable(password, ownerOf(owner));
  return useToken(ctx, purpose, token);
}

export async function activate(ctx: AppContext, request: FastifyRequest, token: string): Promise<void> {
  // An invitation link is not used up here: the page asks for a password and accepts it with that.
  const invitation = await findToken(ctx.db, "invite", sha256(token));
  if (invitation) {
    if (invitation.used_at) throw badRequest("TOKEN_INVALID");
    if (invitation.expires_at <= nowIso()) throw badRequest("TOKEN_EXPIRED");
    throw badRequest("PASSWORD_REQUIRED");
  }
  const row = await useToken(ctx, "activate", token);
  const user = await findUserById(ctx.db, row.user_id);
  if (!user) throw badRequest("TOKEN_INVALID");
  if (!user.activated_at) await updateUser(ctx.db, user.id, { activated_at: nowIso() });
  await recordAudit(ctx.db, { event: "account.activated", subjectUserId: user.id, ip: request.ip });
}

/** An invited account chooses its password with its link; that activates it. */
export async function acceptInvitation(ctx: AppContext, request: FastifyRequest, token: string, password: string) {
  const row = await useTokenSettingPassword(ctx, "invite", token, password);
  const passwordHash = await ctx.hasher.hash(password);
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    await updateUser(trx, row.user_id, { password_hash: passwordHash, activated_at: nowIso() });
    await recordAudit(trx, {
      event: "account.activated",
      subjectUserId: row.user_id,
      ip: request.ip,
      details: { invited: true },
    });
  });
}

/**
 * Always the same answers, whatever the address holds: the per-address limit (and the captcha past
 * its threshold: email-link-guard.ts) is counted before the account is looked up, so an unknown or activated address reaches 429 exactly as a pending one does
 * (docs/security.md, "Passwords and account enumeration"). Only a pending account receives a link.
 */
export async function resendActivation(ctx: AppContext, request: FastifyRequest, input: EmailLinkInput): Promise<void> {
  await guardEmailLink(ctx, request, input, THROTTLE.resendAccount);
  const { email } = input;
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.activated_at) return;
  await mailLink(ctx, user, await activationLinkFor(ctx.db, user.id));
}

export async function logout(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const userId = request.user?.id;
  await endSession(ctx, request, reply);
  if (userId)
    await recordAudit(ctx.db, { event: "logout", actorUserId: userId, subjectUserId: userId, ip: request.ip });
}

/**
 * Always the same answer; only a known, activated account receives a link. Limits and captcha as
 * resend-activation (email-link-guard.ts).
 */
export async function forgotPassword(ctx: AppContext, request: FastifyRequest, input: EmailLinkInput): Promise<void> {
  await guardEmailLink(ctx, request, input, THROTTLE.forgotAccount);
  const { email } = input;
  const user = await findUserByEmail(ctx.db, email);
  const link = { template: "passwordReset", purpose: "reset", ttlMs: RESET_TTL_MS, path: "/reset-password" } as const;
  if (user?.activated_at && !user.deactivated_at) {
    await mailLink(ctx, user, link, (trx) =>
      recordAudit(trx, { event: "password.reset.requested", subjectUserId: user.id, ip: request.ip }),
    );
    return;
  }
  // No mail for this address, but the same work as for one (the answer's time must not
  // tell): one write transaction with the audit entry, a token and the e-mail rendered (not
  // queued), then an outbox kick.
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const details = { email, mailed: false };
    await recordAudit(trx, { event: "password.reset.requested", subjectUserId: user?.id, ip: request.ip, details });
    await renderAccountMail(
      ctx,
      trx,
      { email, names: "", language: "es" },
      link.template,
      `${link.path}/${randomToken(32)}`,
    );
  });
  ctx.outbox.kick();
}

/** A reset signs the account out everywhere. */
export async function resetPassword(ctx: AppContext, request: FastifyRequest, token: string, password: string) {
  const row = await useTokenSettingPassword(ctx, "reset", token, password);
  const passwordHash = await ctx.hasher.hash(password);
  await updateUser(ctx.db, row.user_id, { password_hash: passwordHash });
  await deleteUserSessions(ctx.db, row.user_id);
  await resetThrottle(ctx.db, THROTTLE.loginAccount, (await findUserById(ctx.db, row.user_id))?.email ?? "");
  await recordAudit(ctx.db, { event: "password.reset", subjectUserId: row.user_id, ip: request.ip });
}
