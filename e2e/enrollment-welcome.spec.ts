import { expect, test } from "@playwright/test";
import { minimalPdf } from "../apps/server/test/support/documents.ts";
import { signIn } from "./support/session.ts";

// The login screen is English for this browser; once signed in, familia1 works in Spanish.
test.use({ locale: "en-US" });

test("a family adds a student, fills the student file and resumes the same file after a reload", async ({ page }) => {
  await signIn(page, "familia1@demo.local");
  await expect(page).toHaveURL(/\/portal\/inscripciones\/bienvenido$/);

  // Welcome: the spec's notices and the "+" card.
  await expect(page.getByRole("heading", { name: "Bienvenido", level: 1 })).toBeVisible();
  await expect(page.getByText("Imprima todos los documentos requeridos por una sola cara.")).toBeVisible();
  await expect(page.getByText("descuento del 10 %", { exact: false })).toBeVisible();
  await expect(page.getByText("en un plazo de 2 horas", { exact: false })).toBeVisible();
  await page.getByRole("button", { name: "Agregar un alumno" }).click();

  // Step 2: the student file.
  await expect(page).toHaveURL(/\/portal\/inscripciones\/ficha-del-alumno$/);
  await expect(page.getByRole("heading", { name: "Ficha del alumno", level: 1 })).toBeVisible();
  const stepper = page.getByRole("navigation", { name: "Pasos de la inscripción" });
  await expect(stepper.getByRole("button", { name: /Ficha del alumno/ })).toHaveAttribute("aria-current", "step");

  // Submitting empty says what is missing.
  await page.getByRole("button", { name: "Guardar y continuar" }).click();
  await expect(page.getByText("Complete todos los campos obligatorios del formulario")).toBeVisible();
  await expect(page.getByText("Suba el archivo requerido")).toBeVisible();

  await page.getByLabel("Primer apellido", { exact: true }).fill("Zambrano");
  await page.getByLabel("Segundo apellido", { exact: true }).fill("Loor");
  await page.getByLabel("Nombres", { exact: true }).fill("Valentina Sofía");
  await page.getByLabel("Sexo", { exact: true }).selectOption("F");
  await page.getByRole("textbox", { name: "Fecha de nacimiento", exact: true }).fill("14/03/2015");
  await page.getByLabel("País de nacimiento", { exact: true }).selectOption("EC");
  await page.getByLabel("Ciudad de nacimiento", { exact: true }).fill("Quito");
  await page.getByLabel("Nacionalidad principal", { exact: true }).selectOption("EC");
  await page.getByLabel("Segunda nacionalidad", { exact: true }).selectOption("FR");
  await page.getByLabel("Dirección de residencia principal", { exact: true }).fill("Av. Amazonas N24-03, Quito");
  await page.getByLabel("Sector o barrio", { exact: true }).fill("La Mariscal");
  await page.getByLabel("Tipo de sangre", { exact: true }).selectOption("O+");
  await expect(page.getByLabel("Tipo de identificación", { exact: true })).toHaveValue("1");
  await page.getByLabel("Número de documento", { exact: true }).fill("1714307103");
  await page.locator('input[type="file"]').setInputFiles({
    name: "cedula-valentina.pdf",
    mimeType: "application/pdf",
    buffer: minimalPdf(),
  });
  await expect(page.getByText("Archivo subido: cedula-valentina.pdf.")).toBeVisible();

  const contact = page.getByRole("group", { name: "Contacto 1" });
  await contact.getByLabel("Nombre completo", { exact: true }).fill("María Loor");
  await contact.getByLabel("Parentesco", { exact: true }).selectOption("GRANDMOTHER");
  await contact.getByLabel("Teléfono", { exact: true }).fill("+593 99 123 4567");

  await page.getByRole("button", { name: "Guardar y continuar" }).click();

  // Step 3: enrollment year and level.
  await expect(page).toHaveURL(/\/portal\/inscripciones\/anio-inscripcion$/);
  await expect(page.getByText("Registro actualizado correctamente")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Año de inscripción y nivel", level: 1 })).toBeVisible();

  // A reload comes back to the same step of the same file, student file completed.
  await page.reload();
  await expect(page).toHaveURL(/\/portal\/inscripciones\/anio-inscripcion$/);
  await expect(page.getByRole("heading", { name: "Año de inscripción y nivel", level: 1 })).toBeVisible();
  const studentFileStep = stepper.getByRole("button", { name: /Ficha del alumno/ });
  await expect(studentFileStep).toHaveAttribute("data-completed", "true");
  await expect(stepper.getByRole("button", { name: /Año de inscripción y nivel/ })).toHaveAttribute(
    "aria-current",
    "step",
  );
  // Only ids and flags are stored, never names.
  const stored = await page.evaluate(() => localStorage.getItem("persist:inscription") ?? "");
  expect(stored).toContain('"currentInscription"');
  expect(stored).not.toContain("Valentina");

  // The completed step opens again with its data; a locked step sends back to the next open one.
  await studentFileStep.click();
  await expect(page).toHaveURL(/ficha-del-alumno$/);
  await expect(page.getByLabel("Nombres", { exact: true })).toHaveValue("Valentina Sofía");
  await expect(page.getByLabel("País de nacimiento", { exact: true })).toHaveValue("EC");
  await expect(page.getByText("Documento ya subido.")).toBeVisible();
  await page.goto("/portal/inscripciones/ficha-medica");
  await expect(page).toHaveURL(/anio-inscripcion$/);

  // Back on the welcome page, the new student's card says where the file stands.
  await stepper.getByRole("button", { name: /Bienvenido/ }).click();
  await expect(page).toHaveURL(/bienvenido$/);
  const card = page.getByRole("article").filter({ hasText: "Valentina" });
  await expect(card.getByText("Inscripción en curso: paso 3 de 15")).toBeVisible();
  await card.getByRole("button", { name: "Continuar la inscripción" }).click();
  await expect(page).toHaveURL(/anio-inscripcion$/);

  // The resumed file goes on: step 3 saved, step 4 next.
  await page.getByLabel("Nivel solicitado", { exact: true }).selectOption("CM2");
  await page.getByRole("button", { name: "Guardar y continuar" }).click();
  await expect(page).toHaveURL(/terminos-y-condiciones$/);
});
