import type { EmailLinkInput } from "@portal/shared/schemas/auth";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { verifyCaptchaOnce } from "./captcha.ts";
import { assertNotThrottled, countAttempt, failuresSoFar, THROTTLE, type ThrottleRule } from "./throttle.ts";

/**
 * Requests counted so far in the window past which forgot-password and resend-activation need the
 * sign-up's captcha (docs/security.md, "Throttling and captcha"): a family asks once or twice, a script
 * mailing many addresses from one client, or one mailbox from many, solves a proof of work each time.
 */
export const EMAIL_LINK_CAPTCHA_AFTER = { client: 3, address: 1 } as const;

/**
 * Forgot-password and resend-activation, before anything else: the limits (429), then the captcha
 * past its threshold, then the request counted. Every decision reads counters of the client and of
 * the typed address only — never whether it holds an account — so all addresses get the same
 * answers. A refused captcha is not counted.
 */
export async function guardEmailLink(
  ctx: AppContext,
  request: FastifyRequest,
  input: EmailLinkInput,
  addressRule: ThrottleRule,
): Promise<void> {
  await assertNotThrottled(ctx.db, THROTTLE.forgotClient, request.ip);
  await assertNotThrottled(ctx.db, addressRule, input.email);
  const [client, address] = await Promise.all([
    failuresSoFar(ctx.db, THROTTLE.forgotClient, request.ip),
    failuresSoFar(ctx.db, addressRule, input.email),
  ]);
  if (client >= EMAIL_LINK_CAPTCHA_AFTER.client || address >= EMAIL_LINK_CAPTCHA_AFTER.address) {
    if (!input.captcha) throw new AppError(400, "EMAIL_LINK_CAPTCHA_REQUIRED", {}, { captcha: "" });
    if (!(await verifyCaptchaOnce(ctx.db, ctx.captchaHmacKey, input.captcha))) {
      throw new AppError(400, "CAPTCHA_INVALID", {}, { captcha: "" });
    }
  }
  await countAttempt(ctx.db, THROTTLE.forgotClient, request.ip);
  await countAttempt(ctx.db, addressRule, input.email);
}
