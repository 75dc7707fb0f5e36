import { expect, test } from "@playwright/test";
import { ACCOUNT_PASSWORD, registerAccount } from "./support/accounts.ts";
import { logIn } from "./support/session.ts";

test.use({ locale: "en-US" });

/**
 * After five failed sign-ins on an account the login screen asks for the captcha, and
 * the owner's right password with it signs in: nobody is locked out by someone else's guesses.
 */
test("after five wrong passwords the owner ticks the captcha and signs in", async ({ browser, baseURL }) => {
  const registering = await browser.newContext({ baseURL, locale: "en-US" });
  const email = await registerAccount(await registering.newPage(), "captcha-owner");
  await registering.close();

  const context = await browser.newContext({ baseURL, locale: "en-US" });
  const page = await context.newPage();
  for (let i = 0; i < 5; i++) {
    await logIn(page, email, `someone else's guess ${i}`);
    await expect(page.getByText("Incorrect email or password")).toBeVisible();
  }
  await logIn(page, email, ACCOUNT_PASSWORD);
  await expect(page.getByText("Too many failed sign-ins", { exact: false }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  const captcha = page.getByRole("checkbox", { name: "I'm not a robot" });
  await captcha.check();
  await expect(page.getByText("Verified")).toBeVisible();
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/portal\/inscripciones\/bienvenido$/);
  await context.close();
});
