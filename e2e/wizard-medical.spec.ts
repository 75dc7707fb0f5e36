import { expect, type Page, test } from "@playwright/test";
import { minimalPdf } from "../apps/server/test/support/documents.ts";
import { signIn } from "./support/session.ts";
import { openWizardStep, saveStepsBefore, startNewFile } from "./support/wizard.ts";

// The login screen is English for this browser; once signed in, familia1 works in Spanish.
test.use({ locale: "en-US" });

const question = (page: Page, name: string) => page.getByRole("radiogroup", { name });

test("a family fills the medical record and goes on to the summary", async ({ page }) => {
  await signIn(page, "familia1@demo.local", { path: null });
  const fileId = await startNewFile(page);
  await saveStepsBefore(page, fileId, "medicalRecord");
  await openWizardStep(page, fileId, "ficha-medica");

  await expect(page).toHaveURL(/\/portal\/inscripciones\/ficha-medica$/);
  await expect(page.getByRole("heading", { name: "Ficha médica", level: 1 })).toBeVisible();
  // A new student: the vaccination booklet is required; no allergy recorded yet.
  await expect(
    page.getByText("Obligatorio para los alumnos nuevos y los alumnos de hasta 6 años.", { exact: false }),
  ).toBeVisible();
  await expect(page.getByTestId("no-known-allergies")).toHaveText("Sin alergias conocidas.");

  // Saving empty says what is missing, each under its field.
  const save = page.getByRole("button", { name: "Guardar y continuar" });
  await save.click();
  await expect(page.getByText("Complete todos los campos obligatorios del formulario")).toBeVisible();
  const disease = question(page, "¿El alumno padece alguna enfermedad?");
  await expect(disease).toHaveAccessibleDescription("Este campo es obligatorio");
  await expect(page.getByText("Este campo es obligatorio")).toHaveCount(5);
  await expect(page.getByText("Ingrese una estatura válida en centímetros")).toBeVisible();
  await expect(page.getByText("Ingrese un peso válido en kilogramos")).toBeVisible();
  await expect(page.getByText("Suba el carné de vacunación (PDF)")).toBeVisible();
  await expect(page.getByText("Debe declarar que la información es verídica")).toBeVisible();

  // A yes needs its observation.
  await disease.getByRole("radio", { name: "Sí" }).check();
  const observation = page.getByLabel("¿Qué enfermedad?", { exact: true });
  await expect(observation).toBeVisible();
  await save.click();
  await expect(page.getByText("Describa su respuesta afirmativa")).toBeVisible();
  await observation.fill("Asma leve; usa inhalador en caso de crisis.");
  await expect(page.getByText("Describa su respuesta afirmativa")).toHaveCount(0);

  await question(page, "¿El alumno toma algún medicamento?").getByRole("radio", { name: "No" }).check();
  await question(page, "¿El alumno tiene alguna discapacidad?").getByRole("radio", { name: "No" }).check();
  await expect(page.getByLabel("Certificado de discapacidad (PDF)")).toHaveCount(0);
  // A sports exemption needs a certificate or a justification.
  await question(page, "¿El alumno está exonerado de la clase de educación física?")
    .getByRole("radio", { name: "Sí" })
    .check();
  await save.click();
  await expect(page.getByText("La exoneración de deportes requiere", { exact: false })).toBeVisible();
  await page
    .getByLabel("Justificación de la exoneración", { exact: true })
    .fill("Fractura de muñeca, reposo de 6 semanas.");

  // The vaccination booklet.
  await page.getByRole("region", { name: "Vacunas" }).locator('input[type="file"]').setInputFiles({
    name: "carne-vacunacion.pdf",
    mimeType: "application/pdf",
    buffer: minimalPdf(),
  });
  await expect(page.getByText("Archivo subido: carne-vacunacion.pdf.")).toBeVisible();
  await expect(page.getByText("Suba el carné de vacunación (PDF)")).toHaveCount(0);

  // Two allergies in two groups.
  await page.getByRole("button", { name: "Agregar una alergia a un medicamento" }).click();
  const penicillin = page.getByRole("group", { name: "Medicamentos: alergia 1" });
  await penicillin.getByLabel("Medicamento", { exact: true }).fill("Penicilina");
  await penicillin.getByLabel("Reacción", { exact: true }).fill("Urticaria");
  await page.getByRole("button", { name: "Agregar una alergia a un insecto" }).click();
  const bee = page.getByRole("group", { name: "Insectos: alergia 1" });
  await bee.getByLabel("Insecto", { exact: true }).fill("Abeja");
  await bee.getByLabel("Reacción", { exact: true }).fill("Hinchazón y dificultad para respirar");
  await expect(page.getByTestId("no-known-allergies")).toHaveCount(0);

  // Measurements with a decimal comma.
  await page.getByLabel("Estatura", { exact: true }).fill("138,5");
  await page.getByLabel("Peso", { exact: true }).fill("32,4");

  await question(page, "¿Autoriza a la institución a tomar las medidas de emergencia necesarias?")
    .getByRole("radio", { name: "Sí" })
    .check();
  await page.getByLabel("Declaro que la información de esta ficha médica es verídica y completa.").check();

  // The last data step leads to the summary.
  await save.click();
  await expect(page).toHaveURL(/\/portal\/inscripciones\/resumen-del-registro$/);
  await expect(page.getByText("Registro actualizado correctamente")).toBeVisible();

  // Nothing of the medical record is kept in browser storage.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  expect(stored).not.toContain("Penicilina");
  expect(stored).not.toContain("Asma");

  // The medical step opens again (a full load) with what was saved.
  await page.goto("/portal/inscripciones/ficha-medica");
  await expect(page.getByRole("heading", { name: "Ficha médica", level: 1 })).toBeVisible();
  await expect(question(page, "¿El alumno padece alguna enfermedad?").getByRole("radio", { name: "Sí" })).toBeChecked();
  await expect(page.getByLabel("¿Qué enfermedad?", { exact: true })).toHaveValue(
    "Asma leve; usa inhalador en caso de crisis.",
  );
  const savedPenicillin = page.getByRole("group", { name: "Medicamentos: alergia 1" });
  await expect(savedPenicillin.getByLabel("Medicamento", { exact: true })).toHaveValue("Penicilina");
  await expect(savedPenicillin.getByLabel("Reacción", { exact: true })).toHaveValue("Urticaria");
  const savedBee = page.getByRole("group", { name: "Insectos: alergia 1" });
  await expect(savedBee.getByLabel("Insecto", { exact: true })).toHaveValue("Abeja");
  await expect(page.getByRole("group", { name: /^Alimentos: alergia/ })).toHaveCount(0);
  await expect(page.getByLabel("Justificación de la exoneración", { exact: true })).toHaveValue(
    "Fractura de muñeca, reposo de 6 semanas.",
  );
  await expect(page.getByLabel("Estatura", { exact: true })).toHaveValue("138,5");
  await expect(page.getByLabel("Peso", { exact: true })).toHaveValue("32,4");
  await expect(page.getByText("Documento ya subido.")).toBeVisible();
});
