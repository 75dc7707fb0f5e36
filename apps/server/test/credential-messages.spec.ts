import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  createTestApp,
  createUser,
  currentSchoolYearId,
  errorOf,
  type TestApp,
  uniqueEmail,
} from "./support/test-app.ts";

/**
 * The words a person reads when signing in with a wrong password, as the server sends them. This
 * was an e2e test (auth.spec.ts); the login screen shows the server's message as it is, which
 * e2e/login-captcha.spec.ts sees on screen, so the rest is proven here at an API call's cost
 * (docs/architecture.md, "End-to-end tests: the rules that keep them fast").
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("a wrong password, in the words the login screen shows", () => {
  it("signing in, an unknown address and a wrong password get the same English message", async () => {
    const user = await createUser(t);
    const login = async (email: string) =>
      call(t, {
        method: "POST",
        url: "/api/auth/login",
        headers: { "accept-language": "en-US,en;q=0.9" },
        payload: { schoolYearId: await currentSchoolYearId(t), email, password: "not the right password" },
      });
    const wrong = await login(user.email);
    const unknown = await login(uniqueEmail());
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(errorOf(wrong).message).toBe("Incorrect email or password");
    expect(errorOf(unknown)).toEqual(errorOf(wrong));
  });
});
