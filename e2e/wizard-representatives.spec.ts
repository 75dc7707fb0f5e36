import { expect, type Page, test } from "@playwright/test";
import { minimalPdf } from "../apps/server/test/support/documents.ts";
import { registerAccount } from "./support/accounts.ts";
import { jpegPhoto, openWizardStep, saveStepsBefore, startNewFile } from "./support/wizard.ts";

// The login screen is English for this browser; once signed in, the family works in Spanish.
test.use({ locale: "en-US" });

const SAVE = "Guardar y continuar";
const PHOTO_INPUT = 'input[type="file"][accept="image/png,image/jpeg"]';
const PDF_INPUT = 'input[type="file"][accept="application/pdf"]';

/** A yes/no question of the form, answered by the label of its radio. */
async function answer(page: Page, question: string, choice: "Sí" | "No") {
  await page.getByRole("radiogroup", { name: question }).getByLabel(choice, { exact: true }).check();
}

async function stepData(page: Page, fileId: number, step: string) {
  const response = await page.request.get(`/api/enrollment/files/${fileId}/steps/${step}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

test("a family fills representative 1, declines representative 2, adds an authorized person and reuses the representative for a sibling", async ({
  page,
}) => {
  test.slow();
  const accountEmail = await registerAccount(page, "representantes");
  await expect(page).toHaveURL(/\/portal\/inscripciones\/bienvenido$/);
  const fileId = await startNewFile(page);
  await saveStepsBefore(page, fileId, "firstRepresentative");
  await openWizardStep(page, fileId, "primer-representante-legal");

  // Step 5: legal representative 1. Saving empty says what is missing.
  await expect(page.getByRole("heading", { name: "Primer representante legal", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: SAVE }).click();
  await expect(page.getByText("Complete todos los campos obligatorios del formulario")).toBeVisible();
  await expect(page.getByText("Suba el archivo requerido").first()).toBeVisible();

  await answer(page, "¿Es usted, titular de esta cuenta, el representante legal 1?", "Sí");
  // What the account knows is filled in, not retyped, and the page says so.
  await expect(page.getByRole("status").filter({ hasText: "con los datos de su cuenta" })).toBeVisible();
  await expect(page.getByLabel("Nombres", { exact: true })).toHaveValue("Gabriela");
  await expect(page.getByLabel("Primer apellido", { exact: true })).toHaveValue("Zambrano");
  await expect(page.getByLabel("Correo electrónico", { exact: true })).toHaveValue(accountEmail);
  await expect(page.getByLabel("Confirme el correo electrónico", { exact: true })).toHaveValue(accountEmail);
  await expect(page.getByLabel("Celular", { exact: true })).toHaveValue("+593 99 555 1234");
  await answer(page, "¿Ejerce la patria potestad o la tutela legal del alumno?", "Sí");
  await page.getByLabel("Parentesco con el alumno", { exact: true }).selectOption("OTHER");
  await page.getByLabel("Indique el parentesco", { exact: true }).fill("Madrina");
  await page.getByLabel("Parentesco con el alumno", { exact: true }).selectOption("MOTHER");
  await expect(page.getByLabel("Indique el parentesco", { exact: true })).toHaveCount(0);
  await page.getByLabel("Estado civil", { exact: true }).selectOption("MARRIED");
  await page.getByLabel("Tratamiento", { exact: true }).selectOption("Sra.");
  await page.getByLabel("Nombres", { exact: true }).fill("Gabriela");
  await page.getByLabel("Primer apellido", { exact: true }).fill("Zambrano");
  await page.getByLabel("Segundo apellido", { exact: true }).fill("Loor");
  await page.getByRole("textbox", { name: "Fecha de nacimiento", exact: true }).fill("20/02/1984");
  await page.getByLabel("País de nacimiento", { exact: true }).selectOption("EC");
  await page.getByLabel("Ciudad de nacimiento", { exact: true }).fill("Quito");
  await page.getByLabel("Nacionalidad principal", { exact: true }).selectOption("EC");
  await expect(page.getByLabel("Tipo de identificación", { exact: true })).toHaveValue("1");
  await page.getByLabel("Número de documento", { exact: true }).fill("0962467429");

  await page.locator(PHOTO_INPUT).setInputFiles({
    name: "gabriela.jpg",
    mimeType: "image/jpeg",
    buffer: await jpegPhoto(),
  });
  await expect(page.getByText("Foto subida: gabriela.jpg.")).toBeVisible();
  await expect(page.getByRole("img", { name: "Fotografía del representante: foto registrada" })).toBeVisible();
  await page.locator(PDF_INPUT).first().setInputFiles({
    name: "cedula-gabriela.pdf",
    mimeType: "application/pdf",
    buffer: minimalPdf(),
  });
  await expect(page.getByText("Archivo subido: cedula-gabriela.pdf.")).toBeVisible();

  await page.getByLabel("Correo electrónico", { exact: true }).fill("gabriela.zambrano@example.ec");
  await page.getByLabel("Confirme el correo electrónico", { exact: true }).fill("gabriela@example.ec");
  await page.getByLabel("Celular", { exact: true }).fill("099 555 1234");
  await page.getByLabel("Confirme el celular", { exact: true }).fill("0995551234");
  await page.getByLabel("Teléfono fijo", { exact: true }).fill("02 245 6789");
  await answer(page, "¿Acepta compartir sus datos de contacto con el comité de padres de familia?", "No");
  await page.getByLabel("País de residencia", { exact: true }).selectOption("EC");
  await page.getByLabel("Ciudad de residencia", { exact: true }).fill("Quito");
  await page.getByLabel("Dirección del domicilio", { exact: true }).fill("Av. República de El Salvador N34-12");
  await page.getByLabel("Situación profesional", { exact: true }).selectOption("EMPLOYED");
  await page.getByLabel("Empleador o empresa", { exact: true }).fill("Banco del Pacífico");
  await page.getByLabel("Categoría socioprofesional", { exact: true }).selectOption("PCS3");
  await expect(
    page.getByRole("radiogroup", { name: "¿Es exalumno o exalumna de la institución?" }).getByLabel("No"),
  ).toBeChecked();

  // The two e-mails differ: said under the confirmation, nothing saved.
  await page.getByRole("button", { name: SAVE }).click();
  await expect(page.getByText("Los correos electrónicos no coinciden")).toBeVisible();
  await expect(page).toHaveURL(/primer-representante-legal$/);
  // Spec 5 "same e-mail": the address a representative of another family (familia1's sent file,
  // demo-students.ts) gives is saved, and the step stays open once with a warning under the field
  // that says nothing of that family.
  const email = page.getByLabel("Correo electrónico", { exact: true });
  await email.fill(" FAMILIA1@demo.local ");
  await page.getByLabel("Confirme el correo electrónico", { exact: true }).fill("familia1@demo.local");
  await page.getByRole("button", { name: SAVE }).click();
  const warning = page.getByText("ya figura para una persona de otra familia registrada en el colegio");
  await expect(warning).toBeVisible();
  await expect(email).toHaveAccessibleDescription(/ya figura para una persona de otra familia/);
  await expect(page).toHaveURL(/primer-representante-legal$/);
  expect((await stepData(page, fileId, "firstRepresentative")).email).toBe("familia1@demo.local");
  await expect(page.getByText(/Andrade|Mateo/)).toHaveCount(0);
  // Another address: the warning goes, and saving goes on.
  await email.fill("gabriela.zambrano@example.ec");
  await expect(warning).toHaveCount(0);
  await page.getByLabel("Confirme el correo electrónico", { exact: true }).fill("Gabriela.Zambrano@example.ec");
  await page.getByRole("button", { name: SAVE }).click();

  // Step 6: there is no second representative, confirmed and justified.
  await expect(page).toHaveURL(/segundo-representante-legal$/);
  await expect(page.getByText("Registro actualizado correctamente").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Segundo representante legal", level: 1 })).toBeVisible();
  // The choice changes only once confirmed: a click, not a check.
  await page.getByLabel("No hay segundo representante legal, o no deseo registrarlo").click();
  const dialog = page.getByRole("dialog", { name: "¿No registrar un segundo representante legal?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Sí" }).click();
  await expect(page.getByLabel("Nombres", { exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: SAVE }).click();
  await expect(page.getByText("Indique por qué no registra un segundo representante legal")).toBeVisible();
  await page.getByLabel("Motivo", { exact: true }).fill("El padre falleció en 2019.");
  await page.getByRole("button", { name: SAVE }).click();

  // Step 7: one authorized person; the list is the family's.
  await expect(page).toHaveURL(/personas-autorizadas$/);
  await expect(page.getByText("un cambio aquí se aplica a todos sus hijos inscritos este año lectivo")).toBeVisible();
  await page.getByRole("button", { name: "Agregar una persona autorizada" }).click();
  const person = page.getByRole("group", { name: "Persona autorizada 1" });
  await person.getByLabel("Nombres", { exact: true }).fill("Rosa Elena");
  await person.getByLabel("Primer apellido", { exact: true }).fill("Loor");
  await person.getByLabel("Parentesco con el alumno", { exact: true }).selectOption("GRANDMOTHER");
  // The student's own number first: refused under the field (it would be printed on the notarised exit authorization).
  const studentNumber = String((await stepData(page, fileId, "studentFile")).documentNumber);
  await person.getByLabel("Número de documento", { exact: true }).fill(studentNumber);
  await person.getByLabel("Celular", { exact: true }).fill("098 111 2233");
  await person.getByLabel("Confirme el celular", { exact: true }).fill("0981112233");
  await person.getByLabel("Dirección", { exact: true }).fill("Calle Los Ríos 45, Quito");
  await page.getByRole("button", { name: SAVE }).click();
  await expect(page.getByText("Suba el archivo requerido").first()).toBeVisible();
  await person
    .locator(PHOTO_INPUT)
    .setInputFiles({ name: "rosa.jpg", mimeType: "image/jpeg", buffer: await jpegPhoto() });
  await expect(person.getByText("Foto subida: rosa.jpg.")).toBeVisible();
  await person
    .locator(PDF_INPUT)
    .setInputFiles({ name: "cedula-rosa.pdf", mimeType: "application/pdf", buffer: minimalPdf() });
  await expect(person.getByText("Archivo subido: cedula-rosa.pdf.")).toBeVisible();
  await page.getByRole("button", { name: SAVE }).click();
  await expect(
    person.getByText("Este es el número de identificación del alumno: escriba el de esta persona"),
  ).toBeVisible();
  await expect(person.getByLabel("Número de documento", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/personas-autorizadas$/);
  await person.getByLabel("Número de documento", { exact: true }).fill("1714307103");
  await page.getByRole("button", { name: SAVE }).click();
  await expect(page).toHaveURL(/foto-del-alumno$/);

  // The saved values come back, also after a reload.
  await openWizardStep(page, fileId, "primer-representante-legal");
  await expect(page.getByLabel("Nombres", { exact: true })).toHaveValue("Gabriela");
  await page.reload();
  await expect(page.getByLabel("Nombres", { exact: true })).toHaveValue("Gabriela");
  await expect(page.getByLabel("Empleador o empresa", { exact: true })).toHaveValue("Banco del Pacífico");
  await expect(page.getByLabel("Confirme el celular", { exact: true })).toHaveValue("0995551234");
  await expect(page.getByRole("img", { name: "Fotografía del representante: foto registrada" })).toBeVisible();
  await expect(
    page
      .getByRole("radiogroup", { name: "¿Es usted, titular de esta cuenta, el representante legal 1?" })
      .getByLabel("Sí"),
  ).toBeChecked();
  await openWizardStep(page, fileId, "segundo-representante-legal");
  await expect(page.getByLabel("No hay segundo representante legal, o no deseo registrarlo")).toBeChecked();
  await expect(page.getByLabel("Motivo", { exact: true })).toHaveValue("El padre falleció en 2019.");
  await openWizardStep(page, fileId, "personas-autorizadas");
  await expect(
    page.getByRole("group", { name: "Persona autorizada 1" }).getByLabel("Nombres", { exact: true }),
  ).toHaveValue("Rosa Elena");

  // A second student of the same family: representative 1 is taken from the first one's file.
  const siblingId = await startNewFile(page);
  await saveStepsBefore(page, siblingId, "firstRepresentative");
  await openWizardStep(page, siblingId, "primer-representante-legal");
  const offer = page.getByRole("region", { name: "Usar un representante ya registrado para su familia" });
  await expect(offer).toBeVisible();
  await offer
    .getByLabel("Persona registrada", { exact: true })
    .selectOption({ label: "Gabriela Zambrano Loor · 0962467429 (inscripción de Ana Lucía Pérez Loor)" });
  await offer.getByRole("button", { name: "Usar estos datos" }).click();
  await expect(page.getByText("Se cargaron los datos de Gabriela Zambrano Loor. Revíselos y guarde.")).toBeVisible();
  await expect(page.getByLabel("Nombres", { exact: true })).toHaveValue("Gabriela");
  await expect(page.getByLabel("Número de documento", { exact: true })).toHaveValue("0962467429");
  await expect(page.getByLabel("Confirme el correo electrónico", { exact: true })).toHaveValue(
    "gabriela.zambrano@example.ec",
  );
  await expect(page.getByRole("img", { name: "Fotografía del representante: foto registrada" })).toBeVisible();
  await page.getByRole("button", { name: SAVE }).click();
  await expect(page).toHaveURL(/segundo-representante-legal$/);

  const first = await stepData(page, fileId, "firstRepresentative");
  const reused = await stepData(page, siblingId, "firstRepresentative");
  expect(reused).toMatchObject({
    typeRepresentative: 1,
    names: "Gabriela",
    documentNumber: "0962467429",
    photoFileId: first.photoFileId,
    documentFileId: first.documentFileId,
  });

  // Representative 2 of the sibling (saved through the API: Jorge, passport PASS20002; representative
  // 1 is Carmen, passport PASS10001 and the account holder).
  await saveStepsBefore(page, siblingId, "authorizedPersons");
  await openWizardStep(page, siblingId, "segundo-representante-legal");
  await expect(page.getByLabel("Número de documento", { exact: true })).toHaveValue("PASS20002");
  // Saying this one is the account holder too is questioned.
  await answer(page, "¿Es usted, titular de esta cuenta, el representante legal 2?", "Sí");
  await expect(page.getByText("Ya indicó que usted es el representante legal 1.", { exact: false })).toBeVisible();
  await answer(page, "¿Es usted, titular de esta cuenta, el representante legal 2?", "No");
  // Another identification is a change of representative, confirmed; representative 1's is refused.
  await page.getByLabel("Número de documento", { exact: true }).fill("PASS10001");
  await page.getByRole("button", { name: SAVE }).click();
  const change = page.getByRole("dialog", { name: "¿Cambiar de representante legal?" });
  await expect(change).toBeVisible();
  await change.getByRole("button", { name: "Sí" }).click();
  const documentNumber = page.getByLabel("Número de documento", { exact: true });
  await expect(documentNumber).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Este alumno ya tiene un representante legal con la misma identificación")).toBeVisible();
  await expect(page).toHaveURL(/segundo-representante-legal$/);
  expect((await stepData(page, siblingId, "secondRepresentative")).documentNumber).toBe("PASS20002");
});
