import { expect, test } from "@playwright/test";
import { logIn } from "./support/session.ts";

test("first visit follows the browser's second language, else its first, else Spanish", async ({ browser }) => {
  for (const [locale, heading] of [
    ["es-EC", "Iniciar sesión"],
    ["fr-FR", "Connexion"],
    ["de-DE", "Iniciar sesión"],
  ] as const) {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    await context.close();
  }
});

test("the language switch survives a reload and a new login", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Iniciar sesión" })).toBeVisible();
  await page.getByLabel("Idioma").selectOption("en");
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
  await logIn(page, "consulta@demo.local");
  await expect(page).toHaveURL(/\/portal\/dashboard$/);
  // Signed in, the account's language (Spanish) applies.
  await expect(page.getByLabel("Idioma")).toHaveValue("es");

  await page.getByLabel("Idioma").selectOption("fr");
  await expect(page.getByLabel("Langue")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Langue")).toHaveValue("fr");

  await page.getByRole("button", { name: "Menu utilisateur" }).click();
  await page.getByRole("menuitem", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL(/\/login$/);
  // A new visit with nothing in the browser: the language comes back from the account.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.getByRole("heading", { name: "Iniciar sesión" })).toBeVisible();
  await page.getByLabel(/^Correo/).fill("consulta@demo.local");
  await page.getByLabel(/^Contraseña/).fill("demo-portal-2025");
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page).toHaveURL(/\/portal\/dashboard$/);
  await expect(page.getByLabel("Langue")).toHaveValue("fr");
});
