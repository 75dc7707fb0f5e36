import { TOTP } from "otpauth";

/**
 * Staff fixtures have MFA for real: they are created with this known key and the
 * sign-in helpers compute its code with the same library the server checks it with.
 */
export const TEST_TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

export function totpCode(secret = TEST_TOTP_SECRET, timestamp = Date.now()): string {
  return new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret }).generate({ timestamp });
}

const PERIOD_MS = 30_000;
const lastSteps = new Map<string, number>();

/**
 * The code a person would type for their next sign-in with `secret`: the server accepts a code of
 * one step either side of now, once (docs/security.md, MFA), so this takes the earliest step after
 * the last one used here, waiting for it when the three around now are spent. For helpers that sign
 * the same account in again and again against a server that refuses a reused code.
 */
export async function nextTotpCode(secret: string, now = Date.now()): Promise<string> {
  const current = Math.floor(now / PERIOD_MS);
  const step = Math.max(current - 1, (lastSteps.get(secret) ?? Number.NEGATIVE_INFINITY) + 1);
  if (step > current + 1) await new Promise((resolve) => setTimeout(resolve, (step - 1) * PERIOD_MS - now + 50));
  lastSteps.set(secret, step);
  return totpCode(secret, step * PERIOD_MS);
}
