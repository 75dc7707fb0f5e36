import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solvedCaptcha } from "./support/captcha.ts";
import {
  call,
  createTestApp,
  createUser,
  currentSchoolYearId,
  errorOf,
  passSecondFactor,
  randomIp,
  TEST_PASSWORD,
  type TestApp,
} from "./support/test-app.ts";

/*
 * Throttling that protects without locking owners out. Past 5 failures on an account
 * (or 100 from one address) a sign-in needs the proof-of-work captcha; the right password with a
 * solved captcha still signs in.
 */

let t: TestApp;
let schoolYearId: number;
beforeAll(async () => {
  t = await createTestApp();
  schoolYearId = await currentSchoolYearId(t);
});
afterAll(() => t?.close());

function signIn(ip: string, email: string, password: string, captcha?: string) {
  return call(t, {
    method: "POST",
    url: "/api/auth/login",
    remoteAddress: ip,
    headers: { "accept-language": "en" },
    payload: { schoolYearId, email, password, ...(captcha ? { captcha } : {}) },
  });
}

/** 50 wrong passwords from `ip`: 5 plain, then (the captcha asked for) 45 with a solved one each. */
async function fiftyFailures(ip: string, email: string) {
  for (let i = 0; i < 5; i++) expect((await signIn(ip, email, `attacker guess ${i}`)).statusCode).toBe(401);
  const asked = await signIn(ip, email, "attacker guess without captcha");
  expect(asked.statusCode).toBe(400);
  expect(errorOf(asked).code).toBe("CAPTCHA_REQUIRED");
  // In batches at once: each failure past the threshold answers slowly (1 s).
  for (let batch = 0; batch < 5; batch++) {
    const answers = await Promise.all(
      Array.from({ length: 9 }, async (_, i) =>
        signIn(ip, email, `attacker guess ${batch}-${i}`, await solvedCaptcha(t)),
      ),
    );
    for (const answer of answers) expect(errorOf(answer).code).toBe("INVALID_CREDENTIALS");
  }
  const failures = await t.ctx.db
    .selectFrom("audit_events")
    .select("id")
    .where("event", "=", "login.failure")
    .where("details", "like", `%${email}%`)
    .execute();
  expect(failures).toHaveLength(50);
}

// 50 argon2id checks and 45 proofs of work per owner: minutes on a busy machine, hence the timeouts.
describe("sign-in throttling", () => {
  it("the owner still signs in after 50 failed tries by someone else from another address, with the captcha", async () => {
    const owner = await createUser(t, { role: "Secretaria", language: "en" });
    await fiftyFailures(randomIp(), owner.email);
    const ownerIp = randomIp();

    const withoutCaptcha = await signIn(ownerIp, owner.email, TEST_PASSWORD);
    expect(withoutCaptcha.statusCode).toBe(400);
    expect(errorOf(withoutCaptcha)).toMatchObject({
      code: "CAPTCHA_REQUIRED",
      fields: { captcha: expect.any(String) },
    });
    expect(errorOf(withoutCaptcha).message).toMatch(/robot/i);
    expect(withoutCaptcha.cookies).toHaveLength(0);

    const captcha = await solvedCaptcha(t);
    const signedIn = await signIn(ownerIp, owner.email, TEST_PASSWORD, captcha);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    // Staff: the second factor follows, and then the session works.
    expect(signedIn.json()).toMatchObject({ user: null, mfa: "verify" });
    const cookie = await passSecondFactor(t, signedIn);
    expect((await call(t, { method: "GET", url: "/api/account", cookie })).statusCode).toBe(200);

    // The right password cleared the account's count: the next sign-in needs no captcha.
    expect((await signIn(ownerIp, owner.email, TEST_PASSWORD)).statusCode).toBe(200);
  }, 240_000);

  it("the owner still signs in from the attacker's own address (a shared school office), with the captcha", async () => {
    const owner = await createUser(t, { language: "en" });
    const office = randomIp();
    await fiftyFailures(office, owner.email);
    expect(errorOf(await signIn(office, owner.email, TEST_PASSWORD)).code).toBe("CAPTCHA_REQUIRED");
    const signedIn = await signIn(office, owner.email, TEST_PASSWORD, await solvedCaptcha(t));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ user: { email: owner.email }, mfa: null });
  }, 240_000);

  it("checks the captcha before the password: none or a replayed one learns nothing", async () => {
    const owner = await createUser(t, { language: "en" });
    const ip = randomIp();
    for (let i = 0; i < 5; i++) await signIn(ip, owner.email, `guess ${i}`);
    const captcha = await solvedCaptcha(t);
    expect(errorOf(await signIn(ip, owner.email, "another guess", captcha)).code).toBe("INVALID_CREDENTIALS");
    // The same solution again: refused as invalid, whatever the password.
    const replayed = await signIn(ip, owner.email, TEST_PASSWORD, captcha);
    expect(replayed.statusCode).toBe(400);
    expect(errorOf(replayed).code).toBe("CAPTCHA_INVALID");
    const garbage = await signIn(ip, owner.email, TEST_PASSWORD, "bm90IGEgc29sdXRpb24=");
    expect(errorOf(garbage).code).toBe("CAPTCHA_INVALID");
    // The unsolved attempts were not counted as failures, and the account is not locked.
    expect((await signIn(ip, owner.email, TEST_PASSWORD, await solvedCaptcha(t))).statusCode).toBe(200);
  });

  it("an address past 100 failures in its window asks every sign-in from it for the captcha, not other addresses", async () => {
    const office = randomIp();
    // 100 failures this window from the office (as many people mistyping, or one attacker).
    await t.ctx.db
      .insertInto("rate_limits")
      .values({ key: `login-client:${office}`, window_start: new Date().toISOString(), count: 100 })
      .execute();
    const someone = await createUser(t, { language: "en" });
    expect(errorOf(await signIn(office, someone.email, TEST_PASSWORD)).code).toBe("CAPTCHA_REQUIRED");
    expect((await signIn(office, someone.email, TEST_PASSWORD, await solvedCaptcha(t))).statusCode).toBe(200);
    expect((await signIn(randomIp(), someone.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("below 100, an office's failures on several accounts ask nothing of the others", async () => {
    const office = randomIp();
    for (let i = 0; i < 30; i++) {
      expect((await signIn(office, `nobody-${i}@test.local`, "not a password here")).statusCode).toBe(401);
    }
    const someone = await createUser(t);
    expect((await signIn(office, someone.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});
