import { expect, type Page } from "@playwright/test";
import type { CaptchaChallenge } from "@portal/shared/schemas/responses";
import { solvedCaptchaPayload } from "../../apps/server/test/support/proof-of-work.ts";
import { linkFromOutbox } from "./outbox.ts";
import { sameOrigin, signIn } from "./session.ts";

/**
 * A family account of the spec's own, working in Spanish, signed in. Specs
 * that change what belongs to an account (its language, the family's authorized persons) use one
 * so the specs running alongside on the demo accounts are not affected. Registered through the API
 * (the register screen has its own spec), activated from the e-mail and signed in through the API
 * (the login screen has its own); the page then opens `path` as signIn does (the enrollment welcome
 * unless told). Answers its e-mail.
 */
export async function registerAccount(
  page: Page,
  prefix: string,
  options: { path?: string | null } = {},
): Promise<string> {
  const origin = sameOrigin();
  const captcha = solvedCaptchaPayload(
    (await (await page.request.get("/api/auth/captcha")).json()) as CaptchaChallenge,
  );
  const email = `${prefix}-${Date.now()}@example.ec`;
  const since = Date.now();
  // Each test family signs up from an address of its own, as families do from their homes: the
  // sign-up limit per address (10 an hour) is for one address, not for the whole suite.
  const registered = await page.request.post("/api/auth/register", {
    headers: { ...origin, "x-forwarded-for": familyAddress() },
    data: {
      firstSurname: "Zambrano",
      secondSurname: "Loor",
      names: "Gabriela",
      email,
      password: ACCOUNT_PASSWORD,
      passwordConfirmation: ACCOUNT_PASSWORD,
      phone: "+593 99 555 1234",
      language: "es",
      captcha,
    },
  });
  expect(registered.status(), await registered.text()).toBe(202);
  const link = await linkFromOutbox(email, "/account-activate", since);
  const token = link.split("/").at(-1);
  const activated = await page.request.post("/api/auth/activate", { headers: origin, data: { token } });
  expect(activated.ok(), await activated.text()).toBe(true);
  await signIn(page, email, { password: ACCOUNT_PASSWORD, path: options.path });
  return email;
}

/** A documentation-range address (RFC 5737), different for each sign-up of the run. */
function familyAddress(): string {
  const n = () => Math.floor(Math.random() * 254) + 1;
  return `203.0.113.${n()}`;
}

export const ACCOUNT_PASSWORD = "casa junto al volcan 2025";
