import { solveChallenge } from "altcha-lib";
import type { TestApp } from "./test-app.ts";
import { call } from "./test-app.ts";

/** Does the browser's proof of work in the test: fetches a challenge and solves it. */
export async function solvedCaptcha(t: TestApp): Promise<string> {
  const challenge = (await call(t, { method: "GET", url: "/api/auth/captcha" })).json() as {
    algorithm: string;
    challenge: string;
    maxnumber: number;
    salt: string;
    signature: string;
  };
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  if (!solution) throw new Error("captcha not solved");
  const payload = { ...challenge, number: solution.number };
  return Buffer.from(JSON.stringify(payload)).toString("base64");
}
