import type { CaptchaChallenge } from "@portal/shared/schemas/responses";
import { solvedCaptchaPayload } from "./proof-of-work.ts";
import type { TestApp } from "./test-app.ts";
import { call } from "./test-app.ts";

/** Does the browser's proof of work in the test: fetches a challenge and solves it. */
export async function solvedCaptcha(t: TestApp): Promise<string> {
  return solvedCaptchaPayload((await call(t, { method: "GET", url: "/api/auth/captcha" })).json() as CaptchaChallenge);
}
