import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordStep as signInPassword } from "./support/password-step.ts";
import { call, createTestApp, createUser, errorOf, type TestApp } from "./support/test-app.ts";
import { totpCode } from "./support/totp.ts";

/* A TOTP code is accepted once (docs/security.md, "Multi-factor authentication"; ASVS 6.5.1). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const STEP_MS = 30_000;

const passwordStep = (email: string) => signInPassword(t, email);

const post = (url: string, cookie: string, payload?: object) =>
  call(t, { method: "POST", url, cookie, headers: { "accept-language": "en" }, payload });

const verify = async (email: string, code: string) => post("/api/auth/mfa/verify", await passwordStep(email), { code });

describe("a TOTP code is used once", () => {
  it("the same valid code twice: the second sign-in is refused, audited, and the next code still passes", async () => {
    const staff = await createUser(t, { role: "Secretaria" });
    const code = totpCode();
    expect((await verify(staff.email, code)).statusCode).toBe(200);

    const pending = await passwordStep(staff.email);
    const again = await post("/api/auth/mfa/verify", pending, { code });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toMatchObject({ code: "MFA_CODE_USED", fields: { code: expect.any(String) } });
    expect(errorOf(again).message).toMatch(/already been used/);
    const failed = await t.ctx.db
      .selectFrom("audit_events")
      .select("details")
      .where("subject_user_id", "=", staff.id)
      .where("event", "=", "mfa.failed")
      .execute();
    expect(failed.map((row) => JSON.parse(row.details!))).toEqual([{ during: "sign-in", reused: true }]);
    // The same pending session passes with the next code.
    const next = await post("/api/auth/mfa/verify", pending, { code: totpCode(undefined, Date.now() + STEP_MS) });
    expect(next.statusCode, next.body).toBe(200);
  });

  it("a code of an earlier step than the last accepted one is refused, though still within its window", async () => {
    const staff = await createUser(t, { role: "Consulta" });
    expect((await verify(staff.email, totpCode(undefined, Date.now() + STEP_MS))).statusCode).toBe(200);
    expect(errorOf(await verify(staff.email, totpCode())).code).toBe("MFA_CODE_USED");
    expect(errorOf(await verify(staff.email, totpCode(undefined, Date.now() - STEP_MS))).code).toBe("MFA_CODE_USED");
  });

  it("two sign-ins racing with the same code: one passes", async () => {
    const staff = await createUser(t, { role: "Admin" });
    const code = totpCode();
    const [a, b] = [await passwordStep(staff.email), await passwordStep(staff.email)];
    const answers = await Promise.all([a, b].map((cookie) => post("/api/auth/mfa/verify", cookie, { code })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  it("the code that confirmed a set-up cannot sign in afterwards", async () => {
    const staff = await createUser(t, { role: "Secretaria", mfa: false });
    const pending = await passwordStep(staff.email);
    const { secret } = (await post("/api/auth/mfa/setup", pending)).json() as { secret: string };
    const code = totpCode(secret);
    expect((await post("/api/auth/mfa/confirm", pending, { code })).statusCode).toBe(200);
    expect(errorOf(await verify(staff.email, code)).code).toBe("MFA_CODE_USED");
    expect((await verify(staff.email, totpCode(secret, Date.now() + STEP_MS))).statusCode).toBe(200);
  });

  it("a family's set-up from the account page: its confirming code is spent too", async () => {
    const family = await createUser(t, { role: "User" });
    const cookie = await passwordStep(family.email);
    const { secret } = (await post("/api/account/mfa/setup", cookie)).json() as { secret: string };
    const code = totpCode(secret);
    expect((await post("/api/account/mfa/confirm", cookie, { code })).statusCode).toBe(200);
    expect(errorOf(await verify(family.email, code)).code).toBe("MFA_CODE_USED");
  });
});
