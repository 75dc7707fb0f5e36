import { TOTP } from "otpauth";

/**
 * The demo staff who must use MFA have this key in the e2e database (scripts/e2e-seed.ts); the
 * sign-in helper types the code computed from it with the library the server checks it with.
 */
export const E2E_TOTP_SECRET = "KRUGKIDROVUWG2ZAMJZG653OEBTG66BA";
/** Staff of the e2e database only (scripts/e2e-seed.ts) whose screens are in English and French. */
export const E2E_ADMINS_BY_LANGUAGE = { en: "admin-en@e2e.local", fr: "admin-fr@e2e.local" } as const;
export const E2E_CONSULTAS_BY_LANGUAGE = { en: "consulta-en@e2e.local", fr: "consulta-fr@e2e.local" } as const;
export const E2E_MFA_ACCOUNTS: readonly string[] = [
  "admin@demo.local",
  "secretaria@demo.local",
  "consulta@demo.local",
  ...Object.values(E2E_ADMINS_BY_LANGUAGE),
  ...Object.values(E2E_CONSULTAS_BY_LANGUAGE),
];

export function totpCode(secret = E2E_TOTP_SECRET): string {
  return new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret }).generate();
}
