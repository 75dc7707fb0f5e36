import { createHash, randomBytes } from "node:crypto";

/** A URL-safe random token; 16 bytes = the 128 bits the session id needs, 32 for e-mail links. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** Tokens are stored hashed so a database leak does not hand out sessions or reset links. */
export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}
