import { expect, type Page, test } from "@playwright/test";
import { CURRENT_YEAR } from "./support/demo-calendar.ts";
import { signIn } from "./support/session.ts";
import { openWizardStep, saveStepsBefore, startNewFile } from "./support/wizard.ts";

// The login screen is English for this browser; once signed in, familia1 works in Spanish.
test.use({ locale: "en-US" });

const saveAndNext = (page: Page) => page.getByRole("button", { name: "Guardar y continuar" }).click();
const incomplete = (page: Page) => page.getByText("Complete todos los campos obligatorios del formulario");

async function familyFilesThisYear(page: Page, fileId: number): Promise<number> {
  const response = await page.request.get(`/api/enrollment/files/${fileId}/context`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { familyChildrenThisYear: number }).familyChildrenThisYear;
}

test("steps 3 and 4: the file's school year, a level among those allowed, and all three terms", async ({ page }) => {
  await signIn(page, "familia1@demo.local");
  await expect(page).toHaveURL(/\/portal\/inscripciones\/bienvenido$/);
  const fileId = await startNewFile(page);
  await saveStepsBefore(page, fileId, "enrollmentYear");
  await openWizardStep(page, fileId, "anio-inscripcion");

  // Step 3: the session's school year, a first enrollment, every level with the spec's names.
  await expect(page.getByRole("heading", { name: "Año de inscripción y nivel", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Año lectivo", { exact: true })).toHaveValue(CURRENT_YEAR);
  const type = page.getByRole("radiogroup", { name: "Tipo de inscripción" });
  await expect(type.getByLabel("Primera inscripción en la institución")).toBeChecked();
  const level = page.getByLabel("Nivel solicitado", { exact: true });
  await expect(level.locator("option")).toHaveCount(17);
  await expect(level.locator("option", { hasText: "CM2 (6.º EGB)" })).toHaveCount(1);
  await expect(level.locator("option", { hasText: "Terminale (3.º BGU)" })).toHaveCount(1);
  await expect(page.getByText("Primera inscripción: puede solicitar cualquier nivel.", { exact: false })).toBeVisible();

  await saveAndNext(page);
  await expect(incomplete(page)).toBeVisible();
  await expect(page.getByText("Elija un nivel de la lista")).toBeVisible();
  await level.selectOption("CM2");
  await saveAndNext(page);

  // Step 4: the three texts with their version; each must be accepted.
  await expect(page).toHaveURL(/\/portal\/inscripciones\/terminos-y-condiciones$/);
  await expect(page.getByRole("heading", { name: "Términos y condiciones", level: 1 })).toBeVisible();
  await expect(page.getByText("Versión del texto 2025-09")).toBeVisible();
  await expect(page.getByRole("region", { name: "Términos de uso del portal" })).toContainText(
    "La cuenta es personal.",
  );
  await expect(page.getByRole("region", { name: "Acuerdo de uso de los datos personales" })).toContainText(
    "Ley Orgánica de Protección de Datos Personales",
  );
  await expect(page.getByRole("region", { name: "Contrato de servicios educativos" })).toContainText(
    "en un plazo de 2 horas",
  );

  await saveAndNext(page);
  await expect(incomplete(page)).toBeVisible();
  await expect(page.getByText("Debe aceptar para continuar")).toHaveCount(3);
  await page.getByLabel("He leído y acepto los términos de uso del portal").check();
  await page.getByLabel("He leído y acepto el acuerdo de uso de los datos personales").check();
  await saveAndNext(page);
  await expect(page.getByText("Debe aceptar para continuar")).toHaveCount(1);
  await page.getByLabel("He leído y acepto el contrato de servicios educativos").check();
  await saveAndNext(page);
  await expect(page).toHaveURL(/\/portal\/inscripciones\/primer-representante-legal$/);

  // After a reload, both steps show what was saved.
  await page.goto("/portal/inscripciones/anio-inscripcion");
  await page.reload();
  await expect(page.getByLabel("Nivel solicitado", { exact: true })).toHaveValue("CM2");
  await expect(type.getByLabel("Primera inscripción en la institución")).toBeChecked();
  const stepper = page.getByRole("navigation", { name: "Pasos de la inscripción" });
  await stepper.getByRole("button", { name: /Términos y condiciones/ }).click();
  await expect(page).toHaveURL(/terminos-y-condiciones$/);
  for (const term of ["los términos de uso", "el acuerdo de uso", "el contrato de servicios"]) {
    await expect(page.getByLabel(`He leído y acepto ${term}`, { exact: false })).toBeChecked();
  }
});

test("steps 9 and 10: previous schooling, then who pays and how, with the family discount", async ({ page }) => {
  await signIn(page, "familia1@demo.local");
  await expect(page).toHaveURL(/\/portal\/inscripciones\/bienvenido$/);
  const fileId = await startNewFile(page);
  await saveStepsBefore(page, fileId, "academicHistory");
  await openWizardStep(page, fileId, "historial-academico-del-alumno");

  // Step 9: nothing about a previous school until the family says there was one.
  await expect(page.getByRole("heading", { name: "Historial académico del alumno", level: 1 })).toBeVisible();
  const schooled = page.getByRole("radiogroup", { name: "¿El alumno estuvo escolarizado antes de esta inscripción?" });
  await expect(page.getByLabel("Nombre de la institución anterior")).toHaveCount(0);
  await saveAndNext(page);
  await expect(incomplete(page)).toBeVisible();
  await expect(page.getByText("Este campo es obligatorio")).toHaveCount(1);

  await schooled.getByLabel("Sí").check();
  await page.getByLabel("Nombre de la institución anterior", { exact: true }).fill("Unidad Educativa Santa Ana");
  await saveAndNext(page);
  // A named school needs its country; both yes/no questions need an answer.
  await expect(page.getByText("Este campo es obligatorio")).toHaveCount(3);
  await page.getByLabel("País de la institución anterior", { exact: true }).selectOption("EC");
  await page.getByLabel("Ciudad de la institución anterior", { exact: true }).fill("Cuenca");
  // Chosen from the level list (its Ecuadorian equivalent in brackets), not typed.
  await page.getByLabel("Último nivel cursado", { exact: true }).selectOption({ label: "CM1 (5.º EGB)" });
  await page.getByRole("radiogroup", { name: "¿El alumno repitió algún año?" }).getByLabel("No").check();
  await page
    .getByRole("radiogroup", { name: /red AEFE/ })
    .getByLabel("Sí")
    .check();

  // The family has fewer than 3 children this year as far as the next screen knows: the rule is shown.
  await page.route(`**/api/enrollment/files/${fileId}/context`, async (route) => {
    const response = await route.fetch();
    const context = await response.json();
    await route.fulfill({ response, json: { ...context, familyChildrenThisYear: 1, familyDiscountPercent: 0 } });
  });
  await saveAndNext(page);

  // Step 10.
  await expect(page).toHaveURL(/\/portal\/inscripciones\/informacion-financiera$/);
  await expect(page.getByRole("heading", { name: "Información financiera", level: 1 })).toBeVisible();
  await expect(
    page.getByText("Las familias con 3 hijos inscritos en el mismo año lectivo reciben un descuento del 10 %."),
  ).toBeVisible();
  await page.unroute(`**/api/enrollment/files/${fileId}/context`);

  await saveAndNext(page);
  await expect(incomplete(page)).toBeVisible();
  await expect(page.getByText("El correo electrónico es obligatorio")).toBeVisible();

  // Choosing legal representative 1 fills the payer in from their step.
  await page.getByLabel("¿Quién paga la escolaridad?", { exact: true }).selectOption("REPRESENTATIVE_1");
  await expect(page.getByLabel("Nombre del responsable del pago", { exact: true })).toHaveValue("Carmen Loor");
  await expect(page.getByLabel("Primer apellido", { exact: true })).toHaveValue("Loor");
  await expect(page.getByLabel("Nombres", { exact: true })).toHaveValue("Carmen");
  await expect(page.getByLabel("Tipo de identificación", { exact: true })).toHaveValue("2");
  await expect(page.getByLabel("Número de documento", { exact: true })).toHaveValue("PASS10001");
  await expect(page.getByLabel("Correo electrónico de facturación", { exact: true })).toHaveValue("rep1@example.ec");

  await page.getByLabel("Forma de pago", { exact: true }).selectOption("TRANSFER");
  const scholarship = page.getByRole("radiogroup", { name: "¿El alumno tiene una beca?" });
  await scholarship.getByLabel("Sí").check();
  await saveAndNext(page);
  await expect(page.getByText("Indique la organización que otorga la beca")).toBeVisible();
  await page.getByLabel("Organización que otorga la beca", { exact: true }).fill("Fundación Educar");
  await page.getByLabel("Correo electrónico de facturación", { exact: true }).fill("pagos@example.ec");
  // The school's own codes are not the family's: not on its page.
  await expect(page.getByText("Códigos de la institución")).toHaveCount(0);
  await expect(page.getByLabel("Código de contacto del pagador", { exact: true })).toHaveCount(0);
  await saveAndNext(page);
  await expect(page).toHaveURL(/\/portal\/inscripciones\/informacion-servicio-de-transporte-escolar$/);

  // With 3 children enrolled this year the discount applies (the count only grows during a run).
  while ((await familyFilesThisYear(page, fileId)) < 3) await startNewFile(page);

  // After a reload, both steps show what was saved.
  await page.goto("/portal/inscripciones/informacion-financiera");
  await page.reload();
  await expect(
    page.getByText(/Su familia tiene \d+ hijos inscritos este año: se aplica un descuento del 10 %\./),
  ).toBeVisible();
  await expect(page.getByLabel("¿Quién paga la escolaridad?", { exact: true })).toHaveValue("REPRESENTATIVE_1");
  await expect(page.getByLabel("Correo electrónico de facturación", { exact: true })).toHaveValue("pagos@example.ec");
  await expect(page.getByLabel("Forma de pago", { exact: true })).toHaveValue("TRANSFER");
  await expect(scholarship.getByLabel("Sí")).toBeChecked();
  await expect(page.getByLabel("Organización que otorga la beca", { exact: true })).toHaveValue("Fundación Educar");

  await page.goto("/portal/inscripciones/historial-academico-del-alumno");
  await expect(schooled.getByLabel("Sí")).toBeChecked();
  await expect(page.getByLabel("Nombre de la institución anterior", { exact: true })).toHaveValue(
    "Unidad Educativa Santa Ana",
  );
  await expect(page.getByLabel("País de la institución anterior", { exact: true })).toHaveValue("EC");
  await expect(page.getByLabel("Último nivel cursado", { exact: true })).toHaveValue("CM1");
  await expect(page.getByRole("radiogroup", { name: /red AEFE/ }).getByLabel("Sí")).toBeChecked();
});

// familia1's demo student Mateo was in CM1 last year (apps/server/src/demo/demo-students.ts).
test("a re-enrollment of a demo student is prefilled and offers only the next level", async ({ page }) => {
  await signIn(page, "familia1@demo.local");
  await expect(page).toHaveURL(/\/portal\/inscripciones\/bienvenido$/);
  const card = page.getByRole("article", { name: "Mateo Andrade Torres" });
  await card.getByRole("button", { name: "Empezar la inscripción" }).click();

  // Last year's student file comes back as a draft to confirm.
  await expect(page).toHaveURL(/\/portal\/inscripciones\/ficha-del-alumno$/);
  await expect(page.getByRole("heading", { name: "Ficha del alumno", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Nombres", { exact: true })).toHaveValue("Mateo");
  await expect(page.getByLabel("Número de documento", { exact: true })).toHaveValue("0962467429");
  await expect(page.getByTestId("identityDocumentFileId-uploaded")).toBeVisible();
  await page.getByRole("button", { name: "Guardar y continuar" }).click();

  await expect(page).toHaveURL(/\/portal\/inscripciones\/anio-inscripcion$/);
  await expect(page.getByText(/Reinscripción: solo se puede solicitar el nivel siguiente a CM1/)).toBeVisible();
  const level = page.getByLabel("Nivel solicitado", { exact: true });
  await expect(level.locator("option")).toHaveText(["Seleccione…", /^CM2/]);
  const type = page.getByRole("radiogroup", { name: "Tipo de inscripción" });
  await expect(type.getByLabel("Reinscripción")).toBeChecked();
  await expect(type.getByLabel("Primera inscripción en la institución")).toBeDisabled();
});
