import { expect, test } from "@playwright/test";
import { flat } from "../apps/server/test/support/pdf-text.ts";
import { downloadPdf } from "./support/documents.ts";
import { logIn } from "./support/session.ts";
import { openWizardStep, saveStepsBefore, startNewFile } from "./support/wizard.ts";

test.use({ locale: "en-US" });

test("the summary shows every section, edits one and comes back, then sends the file", async ({ page }) => {
  await logIn(page, "familia1@demo.local");
  await expect(page).toHaveURL(/\/bienvenido$/);
  const fileId = await startNewFile(page);
  await saveStepsBefore(page, fileId);
  await openWizardStep(page, fileId, "resumen-del-registro");

  await expect(
    page.getByRole("heading", { level: 1, name: "Resumen de inscripción para el año 2025-2026" }),
  ).toBeVisible();
  const studentSection = page.getByRole("region", { name: "Ficha del alumno" });
  await expect(studentSection.getByText("Ana Lucía")).toBeVisible();
  // Catalogue codes read as their labels, dates in words.
  await expect(studentSection.getByText("Ecuador").first()).toBeVisible();
  await expect(studentSection.getByText("14 de marzo de 2015")).toBeVisible();
  await expect(page.getByRole("region", { name: "Ficha médica" }).getByText("138,5\u00a0cm")).toBeVisible();

  // Edit a section: the step opens, and saving returns to the summary.
  await studentSection.getByRole("link", { name: "Modificar: Ficha del alumno" }).click();
  await expect(page).toHaveURL(/\/ficha-del-alumno\?return=summary$/);
  await expect(page.getByRole("heading", { level: 1, name: "Ficha del alumno" })).toBeVisible();
  await page.getByLabel("Nombre de uso", { exact: true }).fill("Anita");
  await page.getByRole("button", { name: "Guardar y continuar" }).click();
  await expect(page).toHaveURL(/\/resumen-del-registro$/);
  await expect(page.getByRole("region", { name: "Ficha del alumno" }).getByText("Anita")).toBeVisible();

  // Validate and send asks first; cancelling changes nothing.
  await page.getByRole("button", { name: "Validar y enviar" }).click();
  const dialog = page.getByRole("dialog", { name: "¿Enviar la inscripción?" });
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/resumen-del-registro$/);
  await page.getByRole("button", { name: "Validar y enviar" }).click();
  await dialog.getByRole("button", { name: "Validar y enviar" }).click();

  await expect(page).toHaveURL(/\/felicitaciones$/);
  await expect(page.getByText("se realizó con éxito")).toBeVisible();
  await expect(page.getByText("CM2", { exact: false }).first()).toBeVisible();

  // Both documents download as real PDFs naming the student, in the family's language.
  const summary = await downloadPdf(page, "Descargar el resumen (PDF)");
  expect(summary.name).toMatch(/\.pdf$/);
  expect(flat(summary.text)).toContain("Ana Lucía");
  // "Generate a new report" draws the summary again (spec 2): still a PDF of the same student.
  const summaryCard = page.getByRole("region", { name: "Resumen de la inscripción" });
  const redrawn = await downloadPdf(page, "Generar un nuevo informe", summaryCard);
  expect(flat(redrawn.text)).toContain("Ana Lucía");
  const toSign = await downloadPdf(page, "Descargar los documentos (PDF)");
  expect(toSign.pages.length).toBeGreaterThanOrEqual(3);
  expect(flat(toSign.text)).toContain("Ana Lucía");

  // The sent file is read-only: its steps show the data without a way to save.
  await page.goto("/portal/inscripciones/ficha-del-alumno");
  await expect(page.getByText("Esta inscripción ya fue enviada al colegio")).toBeVisible();
  await expect(page.getByLabel("Nombre de uso", { exact: true })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Guardar y continuar" })).toHaveCount(0);

  // The welcome card says where the request stands and leads back to the documents.
  await page.goto("/portal/inscripciones/bienvenido");
  const card = page.getByRole("article", { name: "Ana Lucía Pérez Loor" });
  await expect(card.getByText("Estado de la solicitud: Sin tratar")).toBeVisible();
  await card.getByRole("button", { name: "Ver los documentos" }).click();
  await expect(page).toHaveURL(/\/felicitaciones$/);
});
