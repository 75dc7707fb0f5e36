import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { minimalPdf } from "../../apps/server/test/support/documents.ts";
import { readPdfText } from "../../apps/server/test/support/pdf-text.ts";
import { signIn } from "../support/session.ts";
import { openWizardStep, runTag, saveStepsBefore, startNewFile } from "../support/wizard.ts";

test.use({ locale: "en-US", viewport: { width: 1440, height: 900 } });

test("the Admin uploads a template for the terms step and the family downloads it there", async ({
  page: admin,
  browser,
  baseURL,
}) => {
  const title = `Reglamento interno ${runTag("e")}`;
  await signIn(admin, "admin@demo.local", { path: "/portal/dashboards/settings/files" });
  await expect(admin.getByRole("heading", { name: "Archivos", level: 1 })).toBeVisible();
  // The spec's limits are the defaults the page shows.
  await expect(admin.getByLabel("Tamaño máximo en MB: Foto de un representante")).toHaveValue("1");
  await expect(admin.getByLabel("Tamaño máximo en MB: Carné de vacunación")).toHaveValue("5");

  // A new template: its step and its three titles; a blank title is refused under the field.
  await admin.getByRole("button", { name: "Nueva plantilla" }).click();
  const dialog = admin.getByRole("dialog", { name: "Nueva plantilla" });
  await dialog.getByLabel("Paso del formulario").selectOption({ label: "Términos y condiciones" });
  await dialog.getByLabel("Título en español").fill(title);
  await dialog.getByLabel("Título en inglés").fill(`${title} (EN)`);
  await dialog.getByRole("button", { name: "Guardar la plantilla" }).click();
  await expect(dialog.getByText("Este campo es obligatorio").first()).toBeVisible();
  await dialog.getByLabel("Título en francés").fill(`${title} (FR)`);
  await dialog.getByRole("button", { name: "Guardar la plantilla" }).click();
  await expect(dialog).toBeHidden();

  const card = admin.getByRole("article", { name: title });
  await expect(card.getByText("Paso: Términos y condiciones")).toBeVisible();
  // An HTML page renamed .pdf is refused by its content, under the input.
  const spanish = card.getByRole("row").filter({ hasText: "Español" });
  await spanish.locator('input[type="file"]').setInputFiles({
    name: "reglamento.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("<!doctype html><p>not a pdf</p>"),
  });
  await expect(spanish.getByText("El archivo debe ser un PDF válido")).toBeVisible();
  await spanish.locator('input[type="file"]').setInputFiles({
    name: "reglamento.pdf",
    mimeType: "application/pdf",
    buffer: minimalPdf("Reglamento de la escuela"),
  });
  await expect(spanish.getByRole("link", { name: /^reglamento\.pdf/ })).toBeVisible();

  // The family (Spanish) at the terms step: the school's document, downloaded as a real PDF.
  const familyContext = await browser.newContext({ baseURL, locale: "en-US", viewport: { width: 1440, height: 900 } });
  const family = await familyContext.newPage();
  await signIn(family, "familia1@demo.local");
  await expect(family).toHaveURL(/\/portal\/inscripciones\/bienvenido$/);
  const fileId = await startNewFile(family);
  await saveStepsBefore(family, fileId, "terms");
  await openWizardStep(family, fileId, "terminos-y-condiciones");
  await expect(family.getByRole("heading", { name: "Términos y condiciones", level: 1 })).toBeVisible();
  const region = family.getByRole("region", { name: "Documentos del colegio para este paso" });
  const [download] = await Promise.all([
    family.waitForEvent("download"),
    region.getByRole("link", { name: `Descargar: ${title} (PDF)` }).click(),
  ]);
  const bytes = fs.readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  // The school's document, as the server stored it: rebuilt without active content.
  expect((await readPdfText(bytes)).text).toBe("Reglamento de la escuela");
  // Named for the title (the header also carries an ASCII fallback with dashes).
  expect(download.suggestedFilename()).toMatch(/^Reglamento[ -]interno[ -]e[a-j]+\.pdf$/);
  await familyContext.close();

  // Restore the demo: the template goes, confirmed first.
  await card.getByRole("button", { name: `Eliminar la plantilla «${title}»` }).click();
  await admin.getByRole("dialog").getByRole("button", { name: "Sí" }).click();
  await expect(card).toHaveCount(0);
});

test("the Admin sets the representative photo to JPG up to 2 MB, the wizard says so, then the defaults come back", async ({
  page: admin,
  browser,
  baseURL,
}) => {
  await signIn(admin, "admin@demo.local", { path: "/portal/dashboards/settings/files" });
  const size = admin.getByLabel("Tamaño máximo en MB: Foto de un representante");
  const types = admin.getByRole("group", { name: "Tipos aceptados: Foto de un representante" });
  await expect(size).toHaveValue("1");
  await expect(types.getByLabel("PNG")).toBeChecked();
  // Out of range: refused under the field, nothing saved.
  await size.fill("25");
  await admin.getByRole("button", { name: "Guardar los límites" }).click();
  await expect(admin.getByText("Elija un tamaño entre 0,1 y 10 MB")).toBeVisible();
  await size.fill("2");
  await types.getByLabel("PNG").uncheck();
  await admin.getByRole("button", { name: "Guardar los límites" }).click();
  await expect(admin.getByText("Registro actualizado correctamente")).toBeVisible();
  await admin.reload();
  await expect(size).toHaveValue("2");
  await expect(types.getByLabel("PNG")).not.toBeChecked();
  // PDFs are always PDF: the box cannot be unticked.
  await expect(
    admin.getByRole("group", { name: "Tipos aceptados: Carné de vacunación" }).getByLabel("PDF"),
  ).toBeDisabled();

  const familyContext = await browser.newContext({ baseURL, locale: "en-US", viewport: { width: 1440, height: 900 } });
  const family = await familyContext.newPage();
  await signIn(family, "familia1@demo.local");
  await expect(family).toHaveURL(/\/portal\/inscripciones\/bienvenido$/);
  const fileId = await startNewFile(family);
  await saveStepsBefore(family, fileId, "firstRepresentative");
  await openWizardStep(family, fileId, "primer-representante-legal");
  await expect(family.getByRole("heading", { name: "Primer representante legal", level: 1 })).toBeVisible();
  await expect(family.getByText("Una foto JPG de máximo 2 MB.")).toBeVisible();
  await expect(family.locator('input[type="file"][accept="image/jpeg"]')).toHaveCount(1);
  await familyContext.close();

  // Restore the spec's limits.
  await size.fill("1");
  await types.getByLabel("PNG").check();
  await admin.getByRole("button", { name: "Guardar los límites" }).click();
  await expect(admin.getByText("Registro actualizado correctamente").first()).toBeVisible();
  await admin.reload();
  await expect(size).toHaveValue("1");
  await expect(types.getByLabel("PNG")).toBeChecked();
});

test("the Admin chooses to keep uploaded PDFs as sent, after a confirmation naming the action", async ({ page }) => {
  await signIn(page, "admin@demo.local", { path: "/portal/dashboards/settings/files" });
  const section = page.getByRole("region", { name: "PDF recibidos" });
  const toggle = section.getByRole("switch", { name: "Guardar además cada PDF tal como se envió" });
  await expect(toggle).not.toBeChecked();

  // Turning it on asks first; "No cambiar nada" leaves it off.
  await toggle.click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "No cambiar nada" }).click();
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await page.getByRole("dialog").getByRole("button", { name: "Guardar los originales" }).click();
  await expect(toggle).toBeChecked();
  await page.reload();
  await expect(page.getByRole("switch", { name: "Guardar además cada PDF tal como se envió" })).toBeChecked();

  // Turning it off needs no confirmation, and is what the other specs expect.
  await page.getByRole("switch", { name: "Guardar además cada PDF tal como se envió" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await page.reload();
  await expect(page.getByRole("switch", { name: "Guardar además cada PDF tal como se envió" })).not.toBeChecked();
});
