import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solvedCaptcha } from "./support/captcha.ts";
import { waitForMail } from "./support/smtp.ts";
import { call, createTestApp, createUser, errorOf, randomIp, type TestApp, uniqueEmail } from "./support/test-app.ts";

/*
 * Forgot-password and resend-activation ask for the sign-up's proof-of-work captcha past a
 * threshold (docs/security.md, "Throttling and captcha"): the 4th request from one client in the window, the
 * 2nd for one address.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const FORMS = [
  { name: "forgot-password", url: "/api/auth/forgot-password" },
  { name: "resend-activation", url: "/api/auth/activation/resend" },
] as const;

const ask = (url: string, ip: string, payload: object) =>
  call(t, { method: "POST", url, remoteAddress: ip, headers: { "accept-language": "fr" }, payload });

describe.each(FORMS)("$name", ({ url }) => {
  it("from one client: three addresses freely, then a solved captcha each time, accepted once", async () => {
    const ip = randomIp();
    for (let i = 0; i < 3; i++) expect((await ask(url, ip, { email: uniqueEmail("free") })).statusCode).toBe(202);
    const asked = await ask(url, ip, { email: uniqueEmail("fourth") });
    expect(asked.statusCode).toBe(400);
    expect(errorOf(asked)).toMatchObject({
      code: "EMAIL_LINK_CAPTCHA_REQUIRED",
      fields: { captcha: expect.any(String) },
    });
    expect(errorOf(asked).message).toContain("Je ne suis pas un robot");
    const captcha = await solvedCaptcha(t);
    expect((await ask(url, ip, { email: uniqueEmail("solved"), captcha })).statusCode).toBe(202);
    expect(errorOf(await ask(url, ip, { email: uniqueEmail("replayed"), captcha })).code).toBe("CAPTCHA_INVALID");
    expect(errorOf(await ask(url, ip, { email: uniqueEmail("forged"), captcha: "bm90IGEgc29sdXRpb24=" })).code).toBe(
      "CAPTCHA_INVALID",
    );
  });

  it("for one address: the second request needs the captcha, whichever client sends it", async () => {
    const email = uniqueEmail("one-mailbox");
    expect((await ask(url, randomIp(), { email })).statusCode).toBe(202);
    expect(errorOf(await ask(url, randomIp(), { email })).code).toBe("EMAIL_LINK_CAPTCHA_REQUIRED");
    expect((await ask(url, randomIp(), { email, captcha: await solvedCaptcha(t) })).statusCode).toBe(202);
  });

  it("refuses a captcha that is not a string or too long, with the field named", async () => {
    for (const captcha of [42, "x".repeat(5000)]) {
      const refused = await ask(url, randomIp(), { email: uniqueEmail(), captcha });
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).fields).toHaveProperty("captcha");
    }
  });
});

describe("the owner still gets the e-mail once the captcha is solved", () => {
  it("a second reset link for an activated account, with the captcha", async () => {
    const user = await createUser(t);
    const before = t.mails.length;
    expect((await ask("/api/auth/forgot-password", randomIp(), { email: user.email })).statusCode).toBe(202);
    await waitForMail(t.mails, user.email, before);
    const again = await ask("/api/auth/forgot-password", randomIp(), {
      email: user.email,
      captcha: await solvedCaptcha(t),
    });
    expect(again.statusCode).toBe(202);
    const queued = await t.ctx.db.selectFrom("mail_outbox").select("id").where("to_address", "=", user.email).execute();
    expect(queued).toHaveLength(2);
  });
});
