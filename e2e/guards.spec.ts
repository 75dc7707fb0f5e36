import { expect, test } from "@playwright/test";
import { logIn, signIn } from "./support/session.ts";

// The visitor's browser is English; once signed in, the screens follow the account's language
// (Spanish for the demo staff and familia1).
test.use({ locale: "en-US" });

test("a protected page sends a visitor to login, and back there after login", async ({ page }) => {
  await page.goto("/portal/reports/student-information");
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, "secretaria@demo.local");
  await expect(page).toHaveURL(/\/portal\/reports\/student-information$/);
});

test("staff land on the dashboard, families on the enrollment welcome", async ({ page, browser }) => {
  await logIn(page, "secretaria@demo.local");
  await expect(page).toHaveURL(/\/portal\/dashboard$/);
  const family = await browser.newPage({ locale: "en-US" });
  await logIn(family, "familia1@demo.local");
  await expect(family).toHaveURL(/\/portal\/inscripciones\/bienvenido$/);
  await family.close();
});

test("a wrong role is sent to unauthorized", async ({ page }) => {
  await signIn(page, "familia1@demo.local", { path: "/portal/dashboard" });
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByRole("heading", { name: "No tiene acceso a esta página" })).toBeVisible();
  await page.goto("/portal/dashboards/settings/general");
  await expect(page).toHaveURL(/\/unauthorized$/);
  await page
    .getByRole("button", { name: "Ir a la página de inicio" })
    .or(page.getByRole("link", { name: "Ir a la página de inicio" }))
    .click();
  await expect(page).toHaveURL(/bienvenido$/);
});

test("a signed-in user opening a public-only page gets invalid-access", async ({ page }) => {
  await signIn(page, "secretaria@demo.local");
  await expect(page).toHaveURL(/\/portal\/dashboard$/);
  for (const path of ["/login", "/register", "/forgot-password", "/reset-password/abcdefghijklmnopqrstuvwxyz"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/invalid-access$/);
  }
  await expect(page.getByRole("heading", { name: "Ya ha iniciado sesión" })).toBeVisible();
});

test("an unknown path shows page-not-found", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await page.goto("/portal/no-such-screen");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

test("the election settings are the Admin's: a secretary is sent to unauthorized", async ({ page }) => {
  // The settings area stays Admin only.
  await signIn(page, "secretaria@demo.local");
  await expect(page).toHaveURL(/\/portal\/dashboard$/);
  for (const path of ["elections", "positions", "organizations", "organizations-associate", "elections-result"]) {
    await page.goto(`/portal/dashboards/settings/${path}`);
    await expect(page).toHaveURL(/\/unauthorized$/);
  }
});
