import { randomInt } from "node:crypto";
import type { Role } from "@portal/shared/roles";
import type { LoginInput } from "@portal/shared/schemas/auth";
import type { MfaSetup, MfaStatus } from "@portal/shared/schemas/mfa";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../context.ts";
import { nowIso, writeTransaction } from "../../db/database.ts";
import { findUserById, type UserRow, updateUser } from "../../kernel/accounts.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { sha256 } from "../../lib/crypto.ts";
import { AppError } from "../../lib/errors.ts";
import { startSession } from "../../plugins/session.ts";
import { checkPassword, completeLogin } from "../auth/sign-in.service.ts";
import { assertNotThrottled, countAttempt, resetThrottle, THROTTLE } from "../auth/throttle.ts";
import { getIdentity } from "../settings/identity.service.ts";
import { mfaRequiredFor } from "./mfa-policy.ts";
import { recoveryCodesLeft, replaceRecoveryCodes, useRecoveryCode } from "./recovery-codes.repository.ts";
import { newTotpSecret, otpauthUrl, qrDataUrl, totpStepOf } from "./totp.ts";
import { openTotpKey, sealTotpKey } from "./totp-key-store.ts";
import { useTotpStep } from "./totp-steps.repository.ts";

const RECOVERY_CODES = 10;
/** No 0/o, 1/l/i: codes are copied by hand from paper. */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** Whether this account signs in with a second factor: its role requires it, or it turned it on. */
async function needsSecondFactor(ctx: AppContext, user: UserRow): Promise<boolean> {
  return user.mfa_enabled_at !== null || (await mfaRequiredFor(ctx, user.role as Role));
}

/**
 * The sign-in (POST /api/auth/login): the password step, then either a full session or, for an
 * account with a second factor, a session that may only pass that step. Answers which.
 */
export async function signIn(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, input: LoginInput) {
  const { user, schoolYearId } = await checkPassword(ctx, request, input);
  if (!(await needsSecondFactor(ctx, user))) {
    await completeLogin(ctx, request, reply, { userId: user.id, schoolYearId });
    return { user, mfa: null };
  }
  await startSession(ctx, request, reply, { userId: user.id, schoolYearId, mfaPending: true });
  return { user, mfa: user.mfa_enabled_at ? ("verify" as const) : ("enrol" as const) };
}

/** The pending session of the step asked for; anything else is not signed in. */
function pendingStep(request: FastifyRequest, step: "enrol" | "verify") {
  const pending = request.mfaPending;
  if (!pending) throw new AppError(401, "UNAUTHENTICATED");
  if (pending.step !== step) throw new AppError(409, "MFA_STEP_INVALID");
  return pending;
}

async function userOf(ctx: AppContext, userId: number): Promise<UserRow> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError(401, "UNAUTHENTICATED");
  return user;
}

/** A new key for the account's authenticator, kept as pending until a code confirms it. */
async function newSetup(ctx: AppContext, user: UserRow): Promise<MfaSetup> {
  const secret = newTotpSecret();
  await updateUser(ctx.db, user.id, { mfa_pending_secret: sealTotpKey(ctx.secrets, user.id, secret) });
  const url = otpauthUrl(secret, user.email, (await getIdentity(ctx)).schoolName);
  return { secret, otpauthUrl: url, qrDataUrl: await qrDataUrl(url) };
}

/**
 * Refuses a wrong code, or a right one already used (`MFA_CODE_USED`): counted per account (5 per
 * 15 min, then 429), and audited.
 */
async function wrongCode(
  ctx: AppContext,
  request: FastifyRequest,
  userId: number,
  during: string,
  error: "MFA_CODE_INVALID" | "MFA_CODE_USED" = "MFA_CODE_INVALID",
): Promise<never> {
  await recordAudit(ctx.db, {
    event: "mfa.failed",
    actorUserId: userId,
    subjectUserId: userId,
    ip: request.ip,
    details: error === "MFA_CODE_USED" ? { during, reused: true } : { during },
  });
  await countAttempt(ctx.db, THROTTLE.mfaAccount, String(userId));
  throw new AppError(400, error, {}, { code: "" });
}

/**
 * Checks a TOTP code against the account's `stored` (sealed) key and spends its time step: a code of the account's last
 * accepted step or an earlier one is refused even while it is still valid (ASVS 6.5.1).
 */
async function spendTotpCode(
  ctx: AppContext,
  request: FastifyRequest,
  userId: number,
  stored: string | null,
  code: string,
  during: string,
): Promise<void> {
  const secret = stored && openTotpKey(ctx.secrets, userId, stored);
  const step = secret && /^\d{6}$/.test(code) ? totpStepOf(secret, code) : null;
  if (step === null) return wrongCode(ctx, request, userId, during);
  const spent = await useTotpStep(ctx.db, userId, step);
  if (!spent && !ctx.config.mfaAllowCodeReuse) return wrongCode(ctx, request, userId, during, "MFA_CODE_USED");
}

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** The form the schema normalises a typed code to (no dash, lower case), hashed. */
const recoveryHash = (code: string) => sha256(code.replace(/[\s-]/g, "").toLowerCase());

/** Confirms a pending key with a code from the app: MFA is on, and ten recovery codes are shown once. */
async function confirm(ctx: AppContext, request: FastifyRequest, user: UserRow, code: string): Promise<string[]> {
  await assertNotThrottled(ctx.db, THROTTLE.mfaAccount, String(user.id));
  if (!user.mfa_pending_secret) throw new AppError(409, "MFA_SETUP_MISSING");
  await spendTotpCode(ctx, request, user.id, user.mfa_pending_secret, code, "enrolment");
  const codes = newRecoveryCodes();
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    await updateUser(trx, user.id, {
      mfa_secret: user.mfa_pending_secret,
      mfa_enabled_at: nowIso(),
      mfa_pending_secret: null,
    });
    await replaceRecoveryCodes(trx, user.id, codes.map(recoveryHash));
    await recordAudit(trx, { event: "mfa.enrolled", actorUserId: user.id, subjectUserId: user.id, ip: request.ip });
  });
  await resetThrottle(ctx.db, THROTTLE.mfaAccount, String(user.id));
  return codes;
}

// ——— The second step of a sign-in (a pending session) ———

export async function beginSignInEnrolment(ctx: AppContext, request: FastifyRequest): Promise<MfaSetup> {
  return newSetup(ctx, await userOf(ctx, pendingStep(request, "enrol").userId));
}

/** Confirms the enrolment and completes the sign-in: the session is replaced by a full one. */
export async function confirmSignInEnrolment(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  code: string,
): Promise<{ user: UserRow; recoveryCodes: string[] }> {
  const pending = pendingStep(request, "enrol");
  const user = await userOf(ctx, pending.userId);
  const recoveryCodes = await confirm(ctx, request, user, code);
  await completeLogin(ctx, request, reply, {
    userId: user.id,
    schoolYearId: pending.schoolYearId,
    details: { mfa: "enrolled" },
  });
  return { user, recoveryCodes };
}

/** A TOTP code or an unused recovery code completes the sign-in (a new session id). */
export async function verifySignIn(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  code: string,
): Promise<UserRow> {
  const pending = pendingStep(request, "verify");
  const user = await userOf(ctx, pending.userId);
  await assertNotThrottled(ctx.db, THROTTLE.mfaAccount, String(user.id));
  let method: "totp" | "recovery";
  if (/^\d{6}$/.test(code)) {
    method = "totp";
    await spendTotpCode(ctx, request, user.id, user.mfa_secret, code, "sign-in");
  } else {
    method = "recovery";
    if (!(await useRecoveryCode(ctx.db, user.id, recoveryHash(code), nowIso()))) {
      await wrongCode(ctx, request, user.id, "sign-in");
    }
    await recordAudit(ctx.db, {
      event: "mfa.recoveryUsed",
      actorUserId: user.id,
      subjectUserId: user.id,
      ip: request.ip,
      details: { left: await recoveryCodesLeft(ctx.db, user.id) },
    });
  }
  await resetThrottle(ctx.db, THROTTLE.mfaAccount, String(user.id));
  await completeLogin(ctx, request, reply, {
    userId: user.id,
    schoolYearId: pending.schoolYearId,
    details: { mfa: method },
  });
  return user;
}

// ——— One's own account page (a full session) ———

export async function mfaStatus(ctx: AppContext, userId: number): Promise<MfaStatus> {
  const user = await userOf(ctx, userId);
  return {
    enabled: user.mfa_enabled_at !== null,
    required: await mfaRequiredFor(ctx, user.role as Role),
    recoveryCodesLeft: user.mfa_enabled_at ? await recoveryCodesLeft(ctx.db, userId) : 0,
  };
}

/** A family (or anyone without it yet) turns MFA on from the account page. */
export async function beginAccountEnrolment(ctx: AppContext, userId: number): Promise<MfaSetup> {
  const user = await userOf(ctx, userId);
  if (user.mfa_enabled_at) throw new AppError(409, "MFA_ALREADY_ENABLED");
  return newSetup(ctx, user);
}

export async function confirmAccountEnrolment(ctx: AppContext, request: FastifyRequest, userId: number, code: string) {
  const user = await userOf(ctx, userId);
  if (user.mfa_enabled_at) throw new AppError(409, "MFA_ALREADY_ENABLED");
  return confirm(ctx, request, user, code);
}

/**
 * Turns one's own MFA off, with the password again (wrong ones throttled as on change-password).
 * Refused where the role requires MFA.
 */
export async function disableOwnMfa(ctx: AppContext, request: FastifyRequest, userId: number, password: string) {
  const user = await userOf(ctx, userId);
  if (await mfaRequiredFor(ctx, user.role as Role)) throw new AppError(403, "MFA_REQUIRED_FOR_ROLE");
  const subject = String(userId);
  await assertNotThrottled(ctx.db, THROTTLE.changePasswordAccount, subject);
  if (!(await ctx.hasher.verify(user.password_hash, password))) {
    await countAttempt(ctx.db, THROTTLE.changePasswordAccount, subject);
    throw new AppError(400, "WRONG_CURRENT_PASSWORD", {}, { currentPassword: "" });
  }
  await resetThrottle(ctx.db, THROTTLE.changePasswordAccount, subject);
  if (!user.mfa_enabled_at) return;
  await clearMfa(ctx, userId, (trx) =>
    recordAudit(trx, { event: "mfa.disabled", actorUserId: userId, subjectUserId: userId, ip: request.ip }),
  );
}

/** Removes the key and the recovery codes; `also` (the audit entry) commits with it. */
export async function clearMfa(
  ctx: AppContext,
  userId: number,
  also: (trx: AppContext["db"]) => Promise<void>,
): Promise<void> {
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    await updateUser(trx, userId, {
      mfa_secret: null,
      mfa_enabled_at: null,
      mfa_pending_secret: null,
      mfa_last_step: null,
    });
    await replaceRecoveryCodes(trx, userId, []);
    await also(trx);
  });
}
