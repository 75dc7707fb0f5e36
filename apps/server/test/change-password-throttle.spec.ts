import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, errorOf, loginAs, signedInAs, TEST_PASSWORD, type TestApp } from "./support/test-app.ts";

// A stolen session must not be able to guess the current password without limit.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const NEW_PASSWORD = "quiet mountain river stones";

function change(cookie: string, currentPassword: string, password = NEW_PASSWORD) {
  return call(t, {
    method: "POST",
    url: "/api/account/password",
    cookie,
    payload: { currentPassword, password, passwordConfirmation: password },
  });
}

describe("change-password throttling", () => {
  it("answers 429 RATE_LIMITED after 5 wrong current passwords, even to the right one, and changes nothing", async () => {
    const me = await signedInAs(t, "User", { language: "en" });
    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await change(me.cookie, `wrong guess number ${attempt}`);
      expect(wrong.statusCode, `attempt ${attempt}`).toBe(400);
      expect(errorOf(wrong).code).toBe("WRONG_CURRENT_PASSWORD");
    }
    const sixth = await change(me.cookie, "wrong guess number 6");
    expect(sixth.statusCode).toBe(429);
    expect(errorOf(sixth).code).toBe("RATE_LIMITED");
    expect(errorOf(sixth).message).toMatch(/^Too many attempts\. Try again in \d+ minutes\.$/);
    const right = await change(me.cookie, TEST_PASSWORD);
    expect(right.statusCode).toBe(429);
    // The password is unchanged and the session still works.
    await loginAs(t, me.email, TEST_PASSWORD);
    expect((await call(t, { method: "GET", url: "/api/account", cookie: me.cookie })).statusCode).toBe(200);
  });

  it("counts per account: another account is not affected", async () => {
    const guessed = await signedInAs(t, "User");
    for (let attempt = 1; attempt <= 6; attempt++) await change(guessed.cookie, `wrong guess ${attempt}`);
    expect((await change(guessed.cookie, "one more")).statusCode).toBe(429);
    const other = await signedInAs(t, "User");
    expect((await change(other.cookie, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("a right current password clears the count", async () => {
    const me = await signedInAs(t, "User");
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await change(me.cookie, `wrong guess ${attempt}`)).statusCode).toBe(400);
    }
    expect((await change(me.cookie, TEST_PASSWORD)).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await change(me.cookie, `wrong again ${attempt}`)).statusCode, `attempt ${attempt}`).toBe(400);
    }
  });
});
