import { createCipheriv, createDecipheriv, hash, randomBytes } from "node:crypto";

/**
 * Secrets the portal must read back (TOTP keys) are stored encrypted with AES-256-GCM under a key
 * from the environment (docs/security.md, "Secrets at rest"). A stored value reads
 * `enc1:<key id>:<iv>:<tag>:<ciphertext>` (base64url); the key id (8 hex of the key's SHA-256) says
 * which key sealed it, so a rotation can run while the previous key still opens the old rows. The
 * associated data names the row the value belongs to: a value copied into another row does not open.
 */
const PREFIX = "enc1";

export interface SecretBox {
  /** The id of the key new values are sealed with. */
  currentKeyId: string;
  seal(plain: string, context: string): string;
  /** The plain value; throws on a value not sealed, sealed by an unknown key, or altered. */
  open(stored: string, context: string): string;
}

export class SecretBoxError extends Error {}

export const keyIdOf = (key: Buffer) => hash("sha256", key, "hex").slice(0, 8);

export function isSealed(stored: string): boolean {
  return stored.startsWith(`${PREFIX}:`);
}

/** The key id a sealed value names, or null for a value that is not sealed. */
export function sealedKeyId(stored: string): string | null {
  return isSealed(stored) ? (stored.split(":")[1] ?? null) : null;
}

/** `current` seals; `current` and `previous` (during a rotation) open. Keys are 32 bytes. */
export function createSecretBox(current: Buffer, previous?: Buffer): SecretBox {
  const keys = new Map<string, Buffer>();
  for (const key of [current, previous]) {
    if (!key) continue;
    if (key.length !== 32) throw new SecretBoxError("a data encryption key is 32 bytes");
    keys.set(keyIdOf(key), key);
  }
  const currentKeyId = keyIdOf(current);
  return {
    currentKeyId,
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", current, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url"));
      return [PREFIX, currentKeyId, ...parts].join(":");
    },
    open(stored, context) {
      const [prefix, keyId, iv, tag, body, ...rest] = stored.split(":");
      if (prefix !== PREFIX || !keyId || !iv || !tag || body === undefined || rest.length > 0) {
        throw new SecretBoxError("not an encrypted value");
      }
      const key = keys.get(keyId);
      if (!key)
        throw new SecretBoxError(`sealed with key ${keyId}, which is neither DATA_ENCRYPTION_KEY nor _PREVIOUS`);
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
      } catch {
        throw new SecretBoxError("an encrypted value does not open: altered, or moved from another row");
      }
    },
  };
}

/** A key as written in the environment: 64 hex digits or 32 bytes in base64; null if neither. */
export function parseDataKey(text: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, "hex");
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) return null;
  const key = Buffer.from(text, text.includes("-") || text.includes("_") ? "base64url" : "base64");
  return key.length === 32 ? key : null;
}
