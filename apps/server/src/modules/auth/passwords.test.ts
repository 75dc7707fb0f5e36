import { describe, expect, it } from "vitest";
import { createPasswordHasher } from "./passwords.ts";

describe("password hashing", () => {
  it("uses argon2id with 19 MiB, t=2, p=1", async () => {
    const hasher = createPasswordHasher(19456);
    const hash = await hasher.hash("correct horse battery staple");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(hash, "correct horse battery staple")).toBe(true);
    expect(await hasher.verify(hash, "Correct horse battery staple")).toBe(false);
    expect(await hasher.verify("not a hash", "anything")).toBe(false);
  });
});
