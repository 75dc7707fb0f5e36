import { expect, test } from "@playwright/test";
import { registerAccount } from "./support/accounts.ts";
import { expectNoSeriousViolations } from "./support/axe.ts";

/**
 * axe-core on the first screens a visitor and a family see, each in all three languages (issue #14,
 * WCAG 2.2 AA): any serious or critical violation fails. Every other screen, the staff's included,
 * is scanned once in one of the three by accessibility-every-screen.spec.ts.
 */
// The new family account works in Spanish; the visitors' screens follow the browser's language.
test.use({ locale: "en-US" });

for (const [locale, login] of [
  ["es-EC", "Iniciar sesión"],
  ["en-US", "Log in"],
  ["fr-FR", "Connexion"],
] as const) {
  test(`the public screens in ${locale} have no serious accessibility violation`, async ({ browser }) => {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: login })).toBeVisible();
    await expectNoSeriousViolations(page, `login ${locale}`);
    for (const path of ["/register", "/forgot-password"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSeriousViolations(page, `${path} ${locale}`);
    }
    await context.close();
  });
}

test("the family's welcome page and first step have no serious accessibility violation, in es, en and fr", async ({
  page,
}) => {
  await registerAccount(page, "axe");
  await expect(page).toHaveURL(/\/portal\/inscripciones\/bienvenido$/);
  for (const [lang, label, addStudent] of [
    ["es", "Idioma", "Agregar un alumno"],
    ["en", "Language", "Add a student"],
    ["fr", "Langue", "Ajouter un élève"],
  ] as const) {
    if (lang !== "es") {
      await page.goto("/portal/inscripciones/bienvenido");
      await page.getByLabel(/^(Idioma|Language|Langue)$/).selectOption(lang);
      await expect(page.getByLabel(label)).toHaveValue(lang);
    }
    await expect(page.getByRole("button", { name: addStudent })).toBeVisible();
    await expectNoSeriousViolations(page, `welcome ${lang}`);
    if (lang === "es") {
      await page.getByRole("button", { name: addStudent }).click();
      await expect(page).toHaveURL(/ficha-del-alumno$/);
    } else {
      await page.goto("/portal/inscripciones/ficha-del-alumno");
    }
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page, `student file ${lang}`);
  }
});
