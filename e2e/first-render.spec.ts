import { expect, test } from "@playwright/test";
import { CURRENT_YEAR } from "./support/demo-calendar.ts";

test.use({ locale: "en-US" });

test("a page the server does not draw shows a spinner before the app's code arrives, then the screen whole", async ({
  page,
}) => {
  // The app's entry chunk is held back: what shows meanwhile is index.html's own spinner. The root
  // is the app's shell (only the public pages are drawn by the server, e2e/public-pages.spec.ts).
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/index-*.js", async (route) => {
    await released;
    await route.continue();
  });
  await page.goto("/", { waitUntil: "commit" });
  const spinner = page.getByRole("status").filter({ hasText: "Loading…" });
  await expect(spinner).toBeAttached();
  await expect(spinner.locator(".boot-loader-spinner")).toBeVisible();
  release();
  // The screen comes in one render, its school year already chosen (read at once, not waited for).
  await expect(page.getByRole("textbox", { name: "E-mail" })).toBeVisible();
  expect(await page.getByLabel("School year").locator("option:checked").textContent()).toBe(CURRENT_YEAR);
  await expect(spinner).toHaveCount(0);
});

test("when the session check fails, the first screen says so and trying again brings the login", async ({ page }) => {
  // The first render waits for the session (app/first-render.ts): a failure must not leave the
  // spinner up, but end on the "not responding" message once the query's retries are spent.
  await page.route("**/api/session", (route) => route.abort("failed"));
  // The root is the app's shell: a drawn page (/login) carries its session with it.
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "The portal is not responding" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Loading…" })).toHaveCount(0);
  await page.unroute("**/api/session");
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("textbox", { name: "E-mail" })).toBeVisible();
});

test("the toasts' and dialogs' code waits for the first key press, not the page load", async ({ page }) => {
  // No first screen shows them, so their download and first render stay out of the
  // seconds a phone spends making the login usable (app/providers.tsx, lib/first-input.ts).
  const hosts: string[] = [];
  page.on("request", (request) => {
    const name = /\/assets\/(toast-host|modals-host)-[^/]+\.js$/.exec(request.url())?.[1];
    if (name) hosts.push(name);
  });
  await page.goto("/login");
  const email = page.getByRole("textbox", { name: "E-mail" });
  await expect(email).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(hosts).toEqual([]);
  await email.press("a");
  await expect.poll(() => [...hosts].sort()).toEqual(["modals-host", "toast-host"]);
});
