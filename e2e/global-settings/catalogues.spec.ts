import { expect, test } from "@playwright/test";
import { registerAccount } from "../support/accounts.ts";
import { MARRIED, renameMarried } from "../support/catalogues.ts";
import { signIn } from "../support/session.ts";
import { openWizardStep, runTag, saveStepsBefore, startNewFile } from "../support/wizard.ts";

test.use({ locale: "en-US", viewport: { width: 1440, height: 900 } });

test("the Admin renames a civil status and a family sees the new label in the wizard in es, en and fr", async ({
  page: family,
  browser,
  baseURL,
}) => {
  const tag = runTag("cat");
  const renamed = { es: `Casado/a ${tag}`, en: `Married ${tag}`, fr: `Marié(e) ${tag}` };
  // A family account and file of the spec's own, up to the first representative's step.
  await registerAccount(family, "catalogues", { path: null });
  const fileId = await startNewFile(family);
  await saveStepsBefore(family, fileId, "firstRepresentative");

  const adminContext = await browser.newContext({ baseURL, locale: "en-US", viewport: { width: 1440, height: 900 } });
  const admin = await adminContext.newPage();
  await signIn(admin, "admin@demo.local");
  await expect(admin).toHaveURL(/\/portal\/dashboard$/);
  // The settings menu's "Catálogos" entry leads to /home.
  await admin
    .getByRole("navigation", { name: "Navegación principal" })
    .getByRole("button", { name: "Configuración" })
    .click();
  await admin.getByRole("menuitem", { name: "Catálogos" }).click();
  await expect(admin).toHaveURL(/\/portal\/dashboards\/settings\/home$/);
  await expect(admin.getByRole("heading", { level: 1, name: "Catálogos" })).toBeVisible();
  await admin.getByLabel("Lista").selectOption("civilStatus");
  await expect(admin).toHaveURL(/list=civilStatus/);

  await renameMarried(admin, MARRIED.es, renamed);
  try {
    await openWizardStep(family, fileId, "primer-representante-legal");
    const option = (label: string, text: string) =>
      family.getByLabel(label, { exact: true }).locator("option", { hasText: text });
    await expect(option("Estado civil", renamed.es)).toHaveCount(1);
    await family.getByLabel("Idioma").selectOption("en");
    await expect(option("Marital status", renamed.en)).toHaveCount(1);
    await family.getByLabel("Language").selectOption("fr");
    await expect(option("Situation familiale", renamed.fr)).toHaveCount(1);
    await expect(option("Situation familiale", "Célibataire")).toHaveCount(1);
  } finally {
    // The demo's label comes back, seen by the forms at once.
    await renameMarried(admin, renamed.es, MARRIED);
    await adminContext.close();
  }
  await family.reload();
  await expect(
    family.getByLabel("Situation familiale", { exact: true }).locator("option", { hasText: tag }),
  ).toHaveCount(0);
});

test("the Admin adds, disables and deletes an entry; the wizard offers it only while it is enabled", async ({
  page: family,
  browser,
  baseURL,
}) => {
  const tag = runTag("new");
  const entry = { es: `Convivencia ${tag}`, en: `Cohabiting ${tag}`, fr: `Concubinage ${tag}` };
  await registerAccount(family, "catalogues-add", { path: null });
  const fileId = await startNewFile(family);
  await saveStepsBefore(family, fileId, "firstRepresentative");

  const adminContext = await browser.newContext({ baseURL, locale: "en-US", viewport: { width: 1440, height: 900 } });
  const admin = await adminContext.newPage();
  await signIn(admin, "admin@demo.local", { path: "/portal/dashboards/settings/home?list=civilStatus" });
  await admin.getByRole("button", { name: "Añadir una entrada" }).click();
  const dialog = admin.getByRole("dialog");
  // A label the list already has is refused under its field.
  await dialog.getByLabel("Etiqueta en español").fill(entry.es);
  await dialog.getByLabel("Etiqueta en inglés").fill("married");
  await dialog.getByLabel("Etiqueta en francés").fill(entry.fr);
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(dialog.getByText("Otra entrada de esta lista ya se llama «married».")).toBeVisible();
  await dialog.getByLabel("Etiqueta en inglés").fill(entry.en);
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(dialog).toHaveCount(0);
  const row = admin.getByRole("row").filter({ hasText: entry.es });
  await expect(row.getByText("Activa", { exact: true })).toBeVisible();

  const civilStatus = family.getByLabel("Estado civil", { exact: true });
  await openWizardStep(family, fileId, "primer-representante-legal");
  await expect(civilStatus.locator("option", { hasText: entry.es })).toHaveCount(1);

  await row.getByRole("button", { name: `Desactivar «${entry.es}»` }).click();
  await expect(row.getByText("Desactivada", { exact: true })).toBeVisible();
  await family.reload();
  await expect(civilStatus.locator("option", { hasText: "Soltero/a" })).toHaveCount(1);
  await expect(civilStatus.locator("option", { hasText: entry.es })).toHaveCount(0);

  // Nobody used it: deleted after confirmation, and gone from the list.
  await row.getByRole("button", { name: `Eliminar «${entry.es}»` }).click();
  await admin.getByRole("dialog").getByRole("button", { name: "Sí" }).click();
  await expect(row).toHaveCount(0);
  await adminContext.close();
});
