import { expect, test } from "@playwright/test";
import { ACCOUNT_PASSWORD, registerAccount } from "./support/accounts.ts";

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

// An account of its own: switching the language changes the account's, which would change the
// language of any other spec signed in as the same demo account.
test("the language switch survives a reload and a new login", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Iniciar sesión" })).toBeVisible();
  // A stray arrow key on the closed select changes nothing: only a choice does.
  await page.getByLabel("Idioma").focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("e");
  await expect(page.getByLabel("Idioma")).toHaveValue("es");
  await expect(page.getByRole("heading", { name: "Iniciar sesión" })).toBeVisible();
  await page.getByLabel("Idioma").selectOption("en");
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
  const email = await registerAccount(page, "idioma");
  await expect(page).toHaveURL(/\/portal\/inscripciones\/bienvenido$/);
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
  await page.getByLabel(/^Correo/).fill(email);
  await page.getByLabel(/^Contraseña/).fill(ACCOUNT_PASSWORD);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page).toHaveURL(/\/portal\/inscripciones\/bienvenido$/);
  await expect(page.getByLabel("Langue")).toHaveValue("fr");
});
