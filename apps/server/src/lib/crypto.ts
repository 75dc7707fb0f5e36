import { hash, randomBytes } from "node:crypto";

/** A URL-safe random token; 16 bytes = the 128 bits the session id needs, 32 for e-mail links. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/**
 * Tokens are stored hashed so a database leak does not hand out sessions or reset links. One-shot
 * `hash`: every signed-in request hashes its cookie, and it costs a third of a Hash object's.
 */
export function sha256(value: string): string {
  return hash("sha256", value, "hex");
}
