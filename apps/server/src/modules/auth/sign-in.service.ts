import { setTimeout as delay } from "node:timers/promises";
import type { LoginInput } from "@portal/shared/schemas/auth";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../context.ts";
import { nowIso } from "../../db/database.ts";
import { findUserByEmail, recordLogin } from "../../kernel/accounts.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { findSchoolYear } from "../../kernel/school-years.ts";
import { AppError } from "../../lib/errors.ts";
import { startSession } from "../../plugins/session.ts";
import { verifyCaptchaOnce } from "./captcha.ts";
import { assertNotThrottled, failuresSoFar, hitCount, resetThrottle, THROTTLE } from "./throttle.ts";

/*
 * The sign-in's password step and its throttling: a captcha past the thresholds
 * rather than a lockout. The second factor, when the account has one, is modules/mfa/.
 */

/** How long a failed sign-in answers once its account or address needs the captcha. */
const SLOW_FAILURE_MS = 1000;

/**
 * Past the account's or the address's failure threshold a sign-in needs a solved captcha (checked
 * before the password, so guessing without one learns nothing); the right password with one still
 * signs in: an attacker cannot lock the owner out. Only an address past the ceiling is
 * refused outright for its window.
 */
async function assertCaptchaIfNeeded(ctx: AppContext, request: FastifyRequest, input: LoginInput): Promise<boolean> {
  await assertNotThrottled(ctx.db, THROTTLE.loginClientCeiling, request.ip);
  const [client, account] = await Promise.all([
    failuresSoFar(ctx.db, THROTTLE.loginClient, request.ip),
    failuresSoFar(ctx.db, THROTTLE.loginAccount, input.email),
  ]);
  const needed = client >= THROTTLE.loginClient.limit || account >= THROTTLE.loginAccount.limit;
  if (!needed) return false;
  if (!input.captcha) throw new AppError(400, "CAPTCHA_REQUIRED", {}, { captcha: "" });
  if (!(await verifyCaptchaOnce(ctx.db, ctx.captchaHmacKey, input.captcha))) {
    throw new AppError(400, "CAPTCHA_INVALID", {}, { captcha: "" });
  }
  return true;
}

/**
 * The password step of a sign-in. One message for a wrong e-mail and for a wrong password; timing
 * is evened out too. Returns the account; the caller starts the session (full, or waiting for the
 * second factor: mfa.service.ts).
 */
export async function checkPassword(ctx: AppContext, request: FastifyRequest, input: LoginInput) {
  const captchaNeeded = await assertCaptchaIfNeeded(ctx, request, input);
  const user = await findUserByEmail(ctx.db, input.email);
  let valid = false;
  if (user) valid = await ctx.hasher.verify(user.password_hash, input.password);
  else await ctx.hasher.burn(input.password);
  if (!user || !valid) {
    await recordAudit(ctx.db, {
      event: "login.failure",
      subjectUserId: user?.id,
      ip: request.ip,
      details: { email: input.email },
    });
    await hitCount(ctx.db, THROTTLE.loginClient, request.ip);
    await hitCount(ctx.db, THROTTLE.loginAccount, input.email);
    // Slowed answers once the captcha is asked for: guessing costs the attacker time as well as work.
    if (captchaNeeded) await delay(SLOW_FAILURE_MS);
    throw new AppError(401, "INVALID_CREDENTIALS");
  }
  if (!user.activated_at) throw new AppError(403, "ACCOUNT_NOT_ACTIVATED");
  // Told only after the right password: a wrong one answers as for any account.
  if (user.deactivated_at) throw new AppError(403, "ACCOUNT_DEACTIVATED");
  const year = await findSchoolYear(ctx.db, input.schoolYearId);
  if (!year) throw new AppError(400, "SCHOOL_YEAR_INVALID", {}, { schoolYearId: "" });
  await resetThrottle(ctx.db, THROTTLE.loginAccount, input.email);
  return { user, schoolYearId: year.id };
}

/** A fully authenticated session: after the password alone, or after the second factor. */
export async function completeLogin(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  opts: { userId: number; schoolYearId: number | null; details?: Record<string, unknown> },
): Promise<void> {
  await startSession(ctx, request, reply, { userId: opts.userId, schoolYearId: opts.schoolYearId });
  await recordLogin(ctx.db, opts.userId, nowIso());
  await recordAudit(ctx.db, {
    event: "login.success",
    actorUserId: opts.userId,
    subjectUserId: opts.userId,
    ip: request.ip,
    details: opts.details,
  });
}
