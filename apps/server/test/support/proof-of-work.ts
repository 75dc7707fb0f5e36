import { createHash } from "node:crypto";
import type { CaptchaChallenge } from "@portal/shared/schemas/responses";

/** altcha-lib's own bound when a challenge names none, as the browser's solver uses. */
const ALTCHA_DEFAULT_MAX_NUMBER = 1_000_000;

/**
 * The browser's proof of work, done by a test: the number whose hash after the salt is the
 * challenge (ALTCHA's scheme), sent back as the base64 payload the sign-in and sign-up take.
 * node:crypto's synchronous hash rather than altcha-lib's solver, which awaits WebCrypto once per
 * try and took seconds per challenge on a busy CI machine; the server's check is the same.
 */
export function solvedCaptchaPayload(challenge: CaptchaChallenge): string {
  const algorithm = challenge.algorithm.replace("-", "").toLowerCase();
  const maxNumber = challenge.maxnumber ?? ALTCHA_DEFAULT_MAX_NUMBER;
  for (let number = 0; number <= maxNumber; number += 1) {
    if (createHash(algorithm).update(`${challenge.salt}${number}`).digest("hex") === challenge.challenge) {
      return Buffer.from(JSON.stringify({ ...challenge, number })).toString("base64");
    }
  }
  throw new Error("captcha not solved");
}
