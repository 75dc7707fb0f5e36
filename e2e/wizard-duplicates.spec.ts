import { expect, type Page, test } from "@playwright/test";
import { cedulaFor, minimalPdf } from "../apps/server/test/support/documents.ts";
import { registerAccount } from "./support/accounts.ts";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { CURRENT_YEAR } from "./support/demo-calendar.ts";

/**
 * A student's identification is unique in the school. Another family's child is
 * refused with the spec's message (nothing about that child shown); the family's own child is
 * offered instead; a birth date far from the level's usual age is confirmed, never refused.
 */

// The login screen is English for this browser; once signed in, the family works in Spanish.
test.use({ locale: "en-US" });

// familia1's demo student Mateo Andrade Torres (apps/server/src/demo/demo-students.ts).
const MATEO_CEDULA = "0962467429";

const saveAndNext = (page: Page) => page.getByRole("button", { name: "Guardar y continuar" }).click();
const documentNumber = (page: Page) => page.getByLabel("Número de documento", { exact: true });

async function fillStudentFile(page: Page, cedula: string) {
  await expect(page.getByRole("heading", { name: "Ficha del alumno", level: 1 })).toBeVisible();
  await page.getByLabel("Primer apellido", { exact: true }).fill("Cedeño");
  await page.getByLabel("Nombres", { exact: true }).fill("Julián");
  await page.getByLabel("Sexo", { exact: true }).selectOption("M");
  await page.getByRole("textbox", { name: "Fecha de nacimiento", exact: true }).fill("14/03/2015");
  await page.getByLabel("País de nacimiento", { exact: true }).selectOption("EC");
  await page.getByLabel("Ciudad de nacimiento", { exact: true }).fill("Quito");
  await page.getByLabel("Nacionalidad principal", { exact: true }).selectOption("EC");
  await page.getByLabel("Dirección de residencia principal", { exact: true }).fill("Av. Amazonas N24-03, Quito");
  await documentNumber(page).fill(cedula);
  await page.locator('input[type="file"]').setInputFiles({
    name: "cedula-julian.pdf",
    mimeType: "application/pdf",
    buffer: minimalPdf(),
  });
  await expect(page.getByText("Archivo subido: cedula-julian.pdf.")).toBeVisible();
  const contact = page.getByRole("group", { name: "Contacto 1" });
  await contact.getByLabel("Nombre completo", { exact: true }).fill("María Cedeño");
  await contact.getByLabel("Parentesco", { exact: true }).selectOption("GRANDMOTHER");
  await contact.getByLabel("Teléfono", { exact: true }).fill("+593 99 123 4567");
}

test("a family is refused another family's child, confirms an unusual birth date, and is offered its own child", async ({
  page,
}) => {
  await registerAccount(page, "duplicado");
  await expect(page).toHaveURL(/\/portal\/inscripciones\/bienvenido$/);

  // Another family's child: the spec's message under the document number, nothing about him.
  await page.getByRole("button", { name: "Agregar un alumno" }).click();
  await fillStudentFile(page, MATEO_CEDULA);
  await saveAndNext(page);
  const refusal = page.getByText("Ya existe un alumno registrado con la misma identificación.", { exact: false });
  await expect(refusal).toBeVisible();
  await expect(documentNumber(page)).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/portal\/inscripciones\/ficha-del-alumno$/);
  await expect(page.getByText(/Mateo|Andrade/)).toHaveCount(0);
  await expectNoSeriousViolations(page, "student file, duplicate refused");

  // The family's own child's cédula (one no other run or spec uses) is saved.
  const own = cedulaFor(Date.now() % 10_000_000, 10);
  await documentNumber(page).fill(own);
  await saveAndNext(page);

  // Step 3: Toute Petite Section for a child born in 2015 asks first; "Revisar" keeps the step.
  await expect(page.getByRole("heading", { name: "Año de inscripción y nivel", level: 1 })).toBeVisible();
  const level = page.getByLabel("Nivel solicitado", { exact: true });
  await level.selectOption("TPS");
  await saveAndNext(page);
  const question = page.getByRole("dialog", { name: "¿La fecha de nacimiento es correcta?" });
  await expect(question).toBeVisible();
  // Toute Petite Section: children who turn 2 in the calendar year the school year starts.
  await expect(question).toContainText(`nacieron normalmente en ${Number(CURRENT_YEAR.slice(0, 4)) - 2}`);
  await expect(question).toContainText("es de 2015");
  await expectNoSeriousViolations(page, "birth date confirmation");
  await question.getByRole("button", { name: "Revisar" }).click();
  await expect(question).toHaveCount(0);
  await expect(page).toHaveURL(/\/portal\/inscripciones\/anio-inscripcion$/);
  // Confirmed, it is saved: never a refusal.
  await saveAndNext(page);
  await question.getByRole("button", { name: "Sí, es correcta" }).click();
  await expect(page.getByRole("heading", { name: "Términos y condiciones", level: 1 })).toBeVisible();
  // A usual level asks nothing.
  await page
    .getByRole("navigation", { name: "Pasos de la inscripción" })
    .getByRole("button", { name: /Año de inscripción/ })
    .click();
  await level.selectOption("CM2");
  await saveAndNext(page);
  await expect(page.getByRole("heading", { name: "Términos y condiciones", level: 1 })).toBeVisible();
  await expect(question).toHaveCount(0);

  // The same child added again: the family's own student is offered instead.
  await page.goto("/portal/inscripciones/bienvenido");
  await page.getByRole("button", { name: "Agregar un alumno" }).click();
  await fillStudentFile(page, own);
  await saveAndNext(page);
  const offer = page.getByTestId("existing-student");
  await expect(offer).toContainText("Este alumno ya está registrado en su familia: Julián Cedeño.");
  await offer.getByRole("button", { name: "Continuar con la inscripción de Julián Cedeño" }).click();
  // His file, where it resumes; the blank new file is gone from the welcome cards.
  await expect(page.getByRole("heading", { name: "Términos y condiciones", level: 1 })).toBeVisible();
  await page.goto("/portal/inscripciones/bienvenido");
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("article", { name: "Julián Cedeño" })).toBeVisible();
});
