import { expect, type Page } from "@playwright/test";
import { CURRENT_YEAR } from "./demo-calendar.ts";
import { E2E_MFA_ACCOUNTS, totpCode } from "./totp.ts";

export const DEMO_PASSWORD = "demo-portal-2025";

/** Signs in through the login screen (the current school year is preselected). */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  if (!page.url().includes("/login")) await page.goto("/login");
  await expect(page.getByLabel("School year").locator("option:checked")).toHaveText(CURRENT_YEAR);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel(/^Password/).fill(password);
  // Wait for the server's answer: navigating before it arrives would leave without the cookie.
  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith("/api/auth/login")),
    page.getByRole("button", { name: "Log in" }).click(),
  ]);
  // Staff pass the second factor for real (issue #12): the code of the key the e2e database gave
  // them (scripts/e2e-seed.ts), typed in the code field.
  if (answer.ok() && ((await answer.json()) as { mfa: string | null }).mfa === "verify") {
    if (!E2E_MFA_ACCOUNTS.includes(email)) throw new Error(`${email} has a second factor this helper does not know`);
    await page.getByLabel("Verification code").fill(totpCode());
    await Promise.all([
      page.waitForResponse((response) => response.url().endsWith("/api/auth/mfa/verify")),
      page.getByRole("button", { name: "Verify" }).click(),
    ]);
  }
}

export async function logOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);
}
