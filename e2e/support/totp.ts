import { TOTP } from "otpauth";

/**
 * The demo staff who must use MFA have this key in the e2e database (scripts/e2e-seed.ts); the
 * sign-in helper types the code computed from it with the library the server checks it with.
 */
export const E2E_TOTP_SECRET = "KRUGKIDROVUWG2ZAMJZG653OEBTG66BA";
export const E2E_MFA_ACCOUNTS = ["admin@demo.local", "secretaria@demo.local", "consulta@demo.local"];

export function totpCode(secret = E2E_TOTP_SECRET): string {
  return new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret }).generate();
}
