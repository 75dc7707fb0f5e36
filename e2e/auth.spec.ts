import { expect, test } from "@playwright/test";
import { CURRENT_YEAR } from "./support/demo-calendar.ts";
import { linkFromOutbox } from "./support/outbox.ts";
import { logIn, logOut } from "./support/session.ts";

test.use({ locale: "en-US" });

test("a family registers, activates from the e-mail, logs in and out", async ({ page }) => {
  const email = `family-${Date.now()}@example.ec`;
  const password = "our family passphrase";
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole("link", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/register$/);

  await page.getByLabel("First surname").fill("Andrade");
  await page.getByLabel("Names").fill("María José");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByLabel("Phone").fill("+593 99 765 4321");
  const since = Date.now();
  // The box ticks itself once the browser has solved the proof of work.
  await page.getByRole("checkbox", { name: "I'm not a robot" }).click();
  await expect(page.getByText("Verified")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("checkbox", { name: "I'm not a robot" })).toBeChecked();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Check your e-mail")).toBeVisible();

  // Not activated yet: the login refuses with the activation message.
  await page.goto("/login");
  await logIn(page, email, password);
  await expect(page.getByText(/not activated yet/)).toBeVisible();

  await page.goto(await linkFromOutbox(email, "/account-activate", since));
  await expect(page.getByText("Your account is active")).toBeVisible();

  await page.goto("/login");
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/portal\/inscripciones\/bienvenido$/);
  // The header's badge: the welcome page names the year too, in its text and its windows' title,
  // once its code and data have come (a bare year matched one to three elements by then).
  await expect(page.getByText(`School year ${CURRENT_YEAR}`, { exact: true })).toBeVisible();

  await logOut(page);
  const stored = await page.evaluate(() => ({
    local: Object.entries(localStorage),
    session: Object.keys(sessionStorage),
  }));
  expect(JSON.stringify(stored.local)).not.toContain(email);
  expect(JSON.stringify(stored.local)).not.toContain("Andrade");
  expect(stored.session).toEqual([]);
  await page.goto("/portal/account/user");
  await expect(page).toHaveURL(/\/login$/);
});

// The one message for a wrong password or an unknown address, in the words shown: integration,
// apps/server/test/credential-messages.spec.ts (the screen shows the server's message as it is).

test("the login form names each missing field with the spec's messages", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByLabel("School year").locator("option:checked")).toHaveText(CURRENT_YEAR);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText("Email is mandatory")).toBeVisible();
  await expect(page.getByText("Password is mandatory")).toBeVisible();
});

test("forgot password → e-mailed link → new password → login with it", async ({ page }) => {
  const email = "prueba@demo.local";
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // Navigations are transitions: the login page, which has an E-mail field too, stays on screen
  // until the new screen's code has loaded. Type only once the new screen is there.
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  const since = Date.now();
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(/If an account exists for this e-mail/)).toBeVisible();

  const link = await linkFromOutbox(email, "/reset-password", since);
  await page.goto(link);
  const newPassword = "a new password for tests";
  await page.getByLabel(/^New password/).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText(/Your password has been changed/)).toBeVisible();

  // The link is single-use.
  await page.goto(link);
  await page.getByLabel(/^New password/).fill("yet another password");
  await page.getByLabel("Confirm new password").fill("yet another password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("This link cannot be used")).toBeVisible();

  await page.goto("/login");
  await logIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/portal\/inscripciones\/bienvenido$/);
});
