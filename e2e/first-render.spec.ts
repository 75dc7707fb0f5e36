import { expect, test } from "@playwright/test";

test.use({ locale: "en-US" });

test("the page shows a spinner before the app's code arrives, then the login whole", async ({ page }) => {
  // The app's entry chunk is held back: what shows meanwhile is index.html's own spinner.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/index-*.js", async (route) => {
    await released;
    await route.continue();
  });
  await page.goto("/login", { waitUntil: "commit" });
  const spinner = page.getByRole("status").filter({ hasText: "Loading…" });
  await expect(spinner).toBeAttached();
  await expect(spinner.locator(".boot-loader-spinner")).toBeVisible();
  release();
  // The screen comes in one render, its school year already chosen (read at once, not waited for).
  await expect(page.getByRole("textbox", { name: "E-mail" })).toBeVisible();
  expect(await page.getByLabel("School year").locator("option:checked").textContent()).toBe("2025-2026");
  await expect(spinner).toHaveCount(0);
});

test("when the session check fails, the first screen says so and trying again brings the login", async ({ page }) => {
  // The first render waits for the session (app/first-render.ts): a failure must not leave the
  // spinner up, but end on the "not responding" message once the query's retries are spent.
  await page.route("**/api/session", (route) => route.abort("failed"));
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "The portal is not responding" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Loading…" })).toHaveCount(0);
  await page.unroute("**/api/session");
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("textbox", { name: "E-mail" })).toBeVisible();
});
