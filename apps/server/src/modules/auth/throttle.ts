import type { Db } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { MINUTE_MS } from "../../lib/time.ts";
import { clearCounter, hitCounter, peekCounter } from "./rate-limit.repository.ts";

export interface ThrottleRule {
  name: string;
  limit: number;
  windowMs: number;
}

/**
 * Windows are minutes long on purpose: a throttled account is never locked out for its real
 * owner for more than 15 minutes, while guessing stays slow.
 *
 * Sign-in never locks an owner out: past `loginAccount` failures on an account, or
 * `loginClient` failures from one address (a school office shares one), a sign-in needs a solved
 * captcha and failures answer slowly; the right password with a captcha still signs in. Only
 * `loginClientCeiling` (far beyond any office) refuses an address outright for its window.
 */
export const THROTTLE = {
  loginAccount: { name: "login-account", limit: 5, windowMs: 15 * MINUTE_MS },
  loginClient: { name: "login-client", limit: 100, windowMs: 15 * MINUTE_MS },
  loginClientCeiling: { name: "login-client", limit: 1000, windowMs: 15 * MINUTE_MS },
  /** Wrong second-factor codes per account; only someone holding the password gets here. */
  mfaAccount: { name: "mfa-account", limit: 5, windowMs: 15 * MINUTE_MS },
  forgotAccount: { name: "forgot-account", limit: 3, windowMs: 15 * MINUTE_MS },
  forgotClient: { name: "forgot-client", limit: 10, windowMs: 15 * MINUTE_MS },
  resendAccount: { name: "resend-account", limit: 3, windowMs: 15 * MINUTE_MS },
  registerClient: { name: "register-client", limit: 10, windowMs: 60 * MINUTE_MS },
  /** Wrong current passwords on change-password, per account (a stolen session guessing it). */
  changePasswordAccount: { name: "change-password-account", limit: 5, windowMs: 15 * MINUTE_MS },
  /** Checks of signed documents (the public /verify-document), per address: far beyond an office's use. */
  documentCheckClient: { name: "document-check-client", limit: 60, windowMs: 15 * MINUTE_MS },
} as const satisfies Record<string, ThrottleRule>;

const keyOf = (rule: ThrottleRule, subject: string) => `${rule.name}:${subject}`;

/** One more hit on a counter shared by every process: how many in its window so far. */
export async function countHit(db: Db, key: string, windowMs: number): Promise<number> {
  return (await hitCounter(db, key, windowMs)).count;
}

function limited(rule: ThrottleRule, windowStart: string, now: number): AppError {
  const minutes = Math.max(1, Math.ceil((Date.parse(windowStart) + rule.windowMs - now) / MINUTE_MS));
  return new AppError(429, "RATE_LIMITED", { minutes });
}

/** Failures counted so far in the subject's live window (0 when none). */
export async function failuresSoFar(db: Db, rule: ThrottleRule, subject: string, now = Date.now()): Promise<number> {
  return (await peekCounter(db, keyOf(rule, subject), rule.windowMs, now))?.count ?? 0;
}

/** Refuses with 429 when the subject already used up its window, without counting. */
export async function assertNotThrottled(db: Db, rule: ThrottleRule, subject: string, now = Date.now()): Promise<void> {
  const current = await peekCounter(db, keyOf(rule, subject), rule.windowMs, now);
  if (current && current.count >= rule.limit) throw limited(rule, current.windowStart, now);
}

/** Counts one attempt; refuses with 429 once the limit is passed. */
export async function countAttempt(db: Db, rule: ThrottleRule, subject: string, now = Date.now()): Promise<void> {
  const current = await hitCounter(db, keyOf(rule, subject), rule.windowMs, now);
  if (current.count > rule.limit) throw limited(rule, current.windowStart, now);
}

export async function resetThrottle(db: Db, rule: ThrottleRule, subject: string): Promise<void> {
  await clearCounter(db, keyOf(rule, subject));
}

/** Counts one attempt without refusing (sign-in: past its threshold it asks for a captcha instead). */
export async function hitCount(db: Db, rule: ThrottleRule, subject: string, now = Date.now()): Promise<void> {
  await hitCounter(db, keyOf(rule, subject), rule.windowMs, now);
}
