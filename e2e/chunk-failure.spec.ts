import { expect, test } from "@playwright/test";
import { signIn } from "./support/session.ts";

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

test("when the confirmation dialogs' code cannot load, the browser's own dialog still asks", async ({ page }) => {
  // The dialogs' frame is a lazy chunk (app/modals-host.tsx): without it a confirmation must not
  // be skipped, and unsaved changes must not be lost without asking.
  await page.route("**/assets/modals-host-*.js", (route) => route.abort("failed"));
  await signIn(page, "editor@demo.local");
  await page.getByRole("button", { name: "Menú de usuario" }).click();
  await page.getByRole("menuitem", { name: "Mi cuenta" }).click();
  const phone = page.getByLabel(/^Teléfono/);
  await phone.fill("+593 98 333 4444");

  const asked: string[] = [];
  page.once("dialog", (dialog) => {
    asked.push(dialog.message());
    return dialog.dismiss();
  });
  await page.getByRole("navigation", { name: "Navegación principal" }).getByText("Panel de control").click();
  await expect.poll(() => asked).toEqual([expect.stringContaining("Si tiene cambios sin guardar, se perderán.")]);
  // Dismissed: the secretary stays, with what was typed.
  await expect(page).toHaveURL(/\/portal\/account\/user$/);
  await expect(phone).toHaveValue("+593 98 333 4444");

  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("navigation", { name: "Navegación principal" }).getByText("Panel de control").click();
  await expect(page).toHaveURL(/\/portal\/dashboard$/);
});
