import { expect, test } from "@playwright/test";

test.use({ locale: "en-US" });

test("a screen whose code fails to load is retried once, then explained with a reload button", async ({ page }) => {
  let attempts = 0;
  await page.route("**/assets/forgot-password-page-*.js", (route) => {
    attempts += 1;
    return route.abort("failed");
  });
  await page.goto("/forgot-password");
  await expect(page.getByRole("heading", { name: "This page could not be loaded" })).toBeVisible();
  expect(attempts).toBe(2);

  // The connection is back: Reload brings the screen.
  await page.unroute("**/assets/forgot-password-page-*.js");
  await page.getByRole("button", { name: "Reload" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
});
