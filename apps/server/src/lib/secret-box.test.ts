import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSecretBox, isSealed, keyIdOf, parseDataKey, SecretBoxError, sealedKeyId } from "./secret-box.ts";

const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

describe("secret box (AES-256-GCM)", () => {
  const key = randomBytes(32);
  const box = createSecretBox(key);

  it("seals to a value that does not contain the secret, and opens it back", () => {
    const sealed = box.seal(SECRET, "users.mfa:1");
    expect(sealed).not.toContain(SECRET);
    expect(isSealed(sealed)).toBe(true);
    expect(sealedKeyId(sealed)).toBe(keyIdOf(key));
    expect(box.seal(SECRET, "users.mfa:1")).not.toBe(sealed);
    expect(box.open(sealed, "users.mfa:1")).toBe(SECRET);
  });

  it("refuses a value moved to another row, altered, in clear, or sealed by an unknown key", () => {
    const sealed = box.seal(SECRET, "users.mfa:1");
    expect(() => box.open(sealed, "users.mfa:2")).toThrow(SecretBoxError);
    const parts = sealed.split(":");
    parts[4] = Buffer.from("x".repeat(SECRET.length)).toString("base64url");
    expect(() => box.open(parts.join(":"), "users.mfa:1")).toThrow(SecretBoxError);
    expect(() => box.open(SECRET, "users.mfa:1")).toThrow(SecretBoxError);
    expect(() => createSecretBox(randomBytes(32)).open(sealed, "users.mfa:1")).toThrow(/neither/);
  });

  it("during a rotation opens values of the previous key and seals with the new one", () => {
    const next = createSecretBox(randomBytes(32), key);
    const old = box.seal(SECRET, "c");
    expect(next.open(old, "c")).toBe(SECRET);
    expect(sealedKeyId(next.seal(SECRET, "c"))).toBe(next.currentKeyId);
    expect(next.currentKeyId).not.toBe(box.currentKeyId);
  });

  it("reads keys of 32 bytes in hex or base64 only", () => {
    const raw = randomBytes(32);
    expect(parseDataKey(raw.toString("hex"))).toEqual(raw);
    expect(parseDataKey(raw.toString("base64"))).toEqual(raw);
    expect(parseDataKey(raw.toString("base64url"))).toEqual(raw);
    expect(parseDataKey(randomBytes(16).toString("hex"))).toBeNull();
    expect(parseDataKey("a passphrase is not a key, even a long one")).toBeNull();
  });
});
