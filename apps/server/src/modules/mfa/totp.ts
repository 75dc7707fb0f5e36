import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";

/**
 * TOTP (RFC 6238) with `otpauth`: SHA-1, 6 digits, 30 s — what every authenticator app reads from
 * a QR code. A code is accepted one step either side of now (clock drift between phone and server).
 */
const PERIOD = 30;
const WINDOW = 1;

function totpOf(secret: string, label = "", issuer = ""): TOTP {
  return new TOTP({ issuer, label, algorithm: "SHA1", digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });
}

/** A new random key (160 bits, RFC 4226's recommendation), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUrl(secret: string, account: string, issuer: string): string {
  return totpOf(secret, account, issuer).toString();
}

export function qrDataUrl(text: string): Promise<string> {
  return QRCode.toDataURL(text, { errorCorrectionLevel: "M", margin: 2, width: 220 });
}

/**
 * The time step (Unix seconds / 30) the code belongs to, or null when it matches none of the
 * accepted ones. The caller refuses a step at or before the account's last accepted one, so a
 * code is used once (mfa.service.ts, useTotpStep).
 */
export function totpStepOf(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: code, window: WINDOW, timestamp: now });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}
