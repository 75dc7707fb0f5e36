import { expect, test } from "@playwright/test";
import { logIn } from "./support/session.ts";

// The login screen in English; the demo staff then work in Spanish.
test.use({ locale: "en-US" });

test("the password's show/hide button is reached and worked by keyboard", async ({ page }) => {
  await page.goto("/login");
  const password = page.getByLabel(/^Password/);
  await password.fill("a secret phrase");
  await password.focus();
  await page.keyboard.press("Tab");
  const toggle = page.getByRole("button", { name: "Show the password" });
  await expect(toggle).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(password).toHaveAttribute("type", "text");
  await expect(page.getByRole("button", { name: "Hide the password" })).toBeFocused();
  await page.keyboard.press("Space");
  await expect(password).toHaveAttribute("type", "password");
});

test("signed in, the first Tab reaches a skip link that moves the focus past the header and menu", async ({ page }) => {
  await logIn(page, "secretaria@demo.local");
  await expect(page).toHaveURL(/\/portal\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.locator("body").focus();
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Saltar al contenido" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("#main-content")).toBeFocused();
});
