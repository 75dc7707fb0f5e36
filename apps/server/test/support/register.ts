import { solvedCaptcha } from "./captcha.ts";
import { call, TEST_PASSWORD, type TestApp } from "./test-app.ts";

/** POST /api/auth/register with a valid sign-up (and a solved captcha); `overrides` change fields. */
export async function register(t: TestApp, email: string, overrides: Record<string, unknown> = {}) {
  return call(t, {
    method: "POST",
    url: "/api/auth/register",
    payload: {
      firstSurname: "Andrade",
      secondSurname: "",
      names: "María José",
      email,
      password: TEST_PASSWORD,
      passwordConfirmation: TEST_PASSWORD,
      phone: "+593 99 765 4321",
      language: "fr",
      captcha: await solvedCaptcha(t),
      ...overrides,
    },
  });
}
