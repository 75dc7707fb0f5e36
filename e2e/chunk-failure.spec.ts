import { expect, test } from "@playwright/test";

test.use({ locale: "en-US" });

test("a screen whose code fails to load is retried once, then explained with a reload button", async ({ page }) => {
  // Every request for the screen's chunk fails. Vite first asks for it with a <link rel=modulepreload>
  // in the page; the screen's import then either shares that request or, if it has already failed,
  // makes its own (timing decides). Either way the retry is the last request, made after the
  // retry's 500 ms pause, and there is no other.
  const requests: number[] = [];
  await page.route("**/assets/forgot-password-page-*.js", (route) => {
    requests.push(Date.now());
    return route.abort("failed");
  });
  await page.goto("/forgot-password");
  await expect(page.getByRole("heading", { name: "This page could not be loaded" })).toBeVisible();
  expect(requests.length).toBeGreaterThanOrEqual(2);
  expect(requests.length).toBeLessThanOrEqual(3);
  const [before, retry] = requests.slice(-2) as [number, number];
  expect(retry - before).toBeGreaterThanOrEqual(450);

  // The connection is back: Reload brings the screen.
  await page.unroute("**/assets/forgot-password-page-*.js");
  await page.getByRole("button", { name: "Reload" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
});
