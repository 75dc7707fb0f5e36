import { TOTP } from "otpauth";

/**
 * Staff fixtures have MFA for real (issue #12): they are created with this known key and the
 * sign-in helpers compute its code with the same library the server checks it with.
 */
export const TEST_TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

export function totpCode(secret = TEST_TOTP_SECRET, timestamp = Date.now()): string {
  return new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret }).generate({ timestamp });
}
