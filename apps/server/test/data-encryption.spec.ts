import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwnDatabase, type OwnDatabase } from "./support/own-database.ts";
import { passwordStep as signInPassword } from "./support/password-step.ts";
import { REPO_ROOT } from "./support/server-process.ts";
import { call, createTestApp, createUser, loginAs, type TestApp } from "./support/test-app.ts";
import { TEST_TOTP_SECRET, totpCode } from "./support/totp.ts";

/* TOTP keys are stored encrypted (docs/security.md, "Secrets at rest"). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const keysOf = (app: TestApp, id: number) =>
  app.ctx.db
    .selectFrom("users")
    .select(["mfa_secret", "mfa_pending_secret"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

const passwordStep = (email: string) => signInPassword(t, email);

describe("TOTP keys at rest", () => {
  it("the rows hold neither the key being set up nor the confirmed one; sign-in with MFA still works", async () => {
    const staff = await createUser(t, { role: "Secretaria", mfa: false });
    const pending = await passwordStep(staff.email);
    const setup = await call(t, { method: "POST", url: "/api/auth/mfa/setup", cookie: pending });
    const { secret } = setup.json() as { secret: string };
    const during = await keysOf(t, staff.id);
    expect(during.mfa_pending_secret).toMatch(/^enc1:/);
    expect(JSON.stringify(during)).not.toContain(secret);

    const confirm = await call(t, {
      method: "POST",
      url: "/api/auth/mfa/confirm",
      cookie: pending,
      payload: { code: totpCode(secret) },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const after = await keysOf(t, staff.id);
    expect(after.mfa_secret).toMatch(/^enc1:/);
    expect(JSON.stringify(after)).not.toContain(secret);

    const again = await passwordStep(staff.email);
    const verified = await call(t, {
      method: "POST",
      url: "/api/auth/mfa/verify",
      cookie: again,
      payload: { code: totpCode(secret, Date.now() + 30_000) },
    });
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it("a key stored in clear (a row from before encryption) is encrypted at the next start, once", async () => {
    const staff = await createUser(t, { role: "Consulta" });
    await t.ctx.db.updateTable("users").set({ mfa_secret: TEST_TOTP_SECRET }).where("id", "=", staff.id).execute();
    const restarted = await createTestApp();
    try {
      const sealed = (await keysOf(t, staff.id)).mfa_secret;
      expect(sealed).toMatch(/^enc1:/);
      expect(sealed).not.toContain(TEST_TOTP_SECRET);
      // Starting again leaves a sealed key alone.
      const third = await createTestApp();
      await third.close();
      expect((await keysOf(t, staff.id)).mfa_secret).toBe(sealed);
    } finally {
      await restarted.close();
    }
    expect(await loginAs(t, staff.email)).toMatch(/portal_sid=/);
  });

  it("a key copied into another account's row does not sign that account in", async () => {
    const mine = await createUser(t, { role: "Consulta" });
    const theirs = await createUser(t, { role: "Admin" });
    const copied = (await keysOf(t, mine.id)).mfa_secret;
    await t.ctx.db.updateTable("users").set({ mfa_secret: copied }).where("id", "=", theirs.id).execute();
    const pending = await passwordStep(theirs.email);
    const refused = await call(t, {
      method: "POST",
      url: "/api/auth/mfa/verify",
      cookie: pending,
      payload: { code: totpCode() },
    });
    expect(refused.statusCode).not.toBe(200);
  });
});

describe("npm run secrets:rotate (a database of its own)", () => {
  let own: OwnDatabase;
  beforeAll(async () => {
    own = await createOwnDatabase("rotate_key");
  });
  afterAll(() => own?.drop());

  function rotate(env: Record<string, string>) {
    return new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/cli/rotate-data-key.ts"], {
        cwd: REPO_ROOT,
        env: {
          PATH: process.env.PATH ?? "",
          HOME: process.env.HOME ?? REPO_ROOT,
          NODE_ENV: "test",
          ...own.env,
          ...env,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let out = "";
      for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk: Buffer) => (out += chunk));
      child.on("exit", (code) => resolve({ code, out }));
    });
  }

  it("re-encrypts every key with the new key; the portal then signs in with the new key alone", async () => {
    const [oldKey, newKey] = [randomBytes(32).toString("hex"), randomBytes(32).toString("hex")];
    const before = await createTestApp({ ...own.env, DATA_ENCRYPTION_KEY: oldKey });
    const staff = await createUser(before, { role: "Admin" });
    const sealedBefore = (await keysOf(before, staff.id)).mfa_secret;
    await before.close();

    const rotated = await rotate({ DATA_ENCRYPTION_KEY: newKey, DATA_ENCRYPTION_KEY_PREVIOUS: oldKey });
    expect(rotated.out).toContain("1 secret(s) re-encrypted");
    expect(rotated.code).toBe(0);
    const twice = await rotate({ DATA_ENCRYPTION_KEY: newKey, DATA_ENCRYPTION_KEY_PREVIOUS: oldKey });
    expect(twice.out).toContain("0 secret(s) re-encrypted");

    const after = await createTestApp({ ...own.env, DATA_ENCRYPTION_KEY: newKey });
    try {
      const sealedAfter = (await keysOf(after, staff.id)).mfa_secret;
      expect(sealedAfter).toMatch(/^enc1:/);
      expect(sealedAfter).not.toBe(sealedBefore);
      expect(sealedAfter).not.toContain(TEST_TOTP_SECRET);
      expect(await loginAs(after, staff.email)).toMatch(/portal_sid=/);
    } finally {
      await after.close();
    }
    // Without the key that sealed them, the command stops with an error and changes nothing.
    const lost = await rotate({ DATA_ENCRYPTION_KEY: oldKey });
    expect(lost.code).toBe(1);
    expect(lost.out).toMatch(/secrets:rotate failed: .*neither/);
  }, 60_000);
});
