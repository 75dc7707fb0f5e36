import { expect, test } from "@playwright/test";
import { flat } from "../apps/server/test/support/pdf-text.ts";
import { CURRENT_YEAR } from "./support/demo-calendar.ts";
import { downloadPdf } from "./support/documents.ts";
import { sameOrigin, signIn } from "./support/session.ts";
import { openWizardStep, saveStepsBefore, startNewFile } from "./support/wizard.ts";

test.use({ locale: "en-US" });

test("the summary shows every section, edits one and comes back, then sends the file", async ({ page }) => {
  await signIn(page, "familia1@demo.local", { path: null });
  const fileId = await startNewFile(page);
  await saveStepsBefore(page, fileId);
  // A previous school, named with a catalogue's country and level.
  const history = await page.request.put(`/api/enrollment/files/${fileId}/steps/academicHistory`, {
    headers: sameOrigin(),
    data: {
      previousLevel: "CM1",
      institutionName: "Escuela Benalcázar",
      institutionCountry: "EC",
      aefeAccredited: false,
    },
  });
  expect(history.status(), await history.text()).toBe(200);
  await openWizardStep(page, fileId, "resumen-del-registro");

  await expect(
    page.getByRole("heading", { level: 1, name: `Resumen de inscripción para el año ${CURRENT_YEAR}` }),
  ).toBeVisible();
  const studentSection = page.getByRole("region", { name: "Ficha del alumno" });
  await expect(studentSection.getByText("Ana Lucía")).toBeVisible();
  // Catalogue codes read as their labels, dates in words.
  await expect(studentSection.getByText("Ecuador").first()).toBeVisible();
  await expect(studentSection.getByText("14 de marzo de 2015")).toBeVisible();
  await expect(page.getByRole("region", { name: "Ficha médica" }).getByText("138,5\u00a0cm")).toBeVisible();
  // Labels name their values, and every code reads as its label (the step's wording, the catalogues').
  const term = (region: string, label: string) =>
    page
      .getByRole("region", { name: region })
      .locator("dt", { hasText: label })
      .locator("xpath=following-sibling::dd[1]");
  await expect(term("Año de inscripción y nivel", "Tipo de inscripción")).toHaveText("Reinscripción");
  await expect(term("Historial académico del alumno", "País de la institución anterior")).toHaveText("Ecuador");
  await expect(term("Historial académico del alumno", "Último nivel cursado")).toHaveText("CM1 (5.º EGB)");
  await expect(
    term("Primer representante legal", "¿Es usted, titular de esta cuenta, el representante legal 1?"),
  ).toHaveText("Sí");
  await expect(
    term("Segundo representante legal", "¿Es usted, titular de esta cuenta, el representante legal 2?"),
  ).toHaveText("No");
  await expect(term("Autorización de salida", "a las 16:00")).toHaveText("No");
  await expect(page.getByRole("main")).not.toContainText("{{");

  // Edit a section: the step opens, and saving returns to the summary.
  await studentSection.getByRole("link", { name: "Modificar: Ficha del alumno" }).click();
  await expect(page).toHaveURL(/\/ficha-del-alumno\?return=summary$/);
  await expect(page.getByRole("heading", { level: 1, name: "Ficha del alumno" })).toBeVisible();
  // Spec 5: the student's names as on the identity document.
  for (const name of ["Primer apellido", "Segundo apellido", "Nombres"]) {
    await expect(page.getByLabel(name, { exact: true })).toHaveAccessibleDescription(
      "Tal como aparecen en el documento de identidad.",
    );
  }
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
  // Sending created the request (spec 8's notice).
  await expect(page.getByText("Registro creado correctamente")).toBeVisible();
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
  // A document that cannot be produced: spec 2's FILE NOT FOUND state on its card; asking again draws it.
  const toSignCard = page.getByRole("region", { name: "Documentos para firmar" });
  await page.route("**/documents/to-sign*", (route) =>
    route.fulfill({
      status: 404,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "FILE_NOT_FOUND", message: "ARCHIVO NO ENCONTRADO" } }),
    }),
  );
  await toSignCard.getByRole("button", { name: "Descargar los documentos (PDF)" }).click();
  const notFound = toSignCard.getByRole("alert");
  await expect(notFound).toContainText("ARCHIVO NO ENCONTRADO");
  await expect(notFound).toContainText("No se pudo generar el documento");
  await page.unroute("**/documents/to-sign*");
  const toSign = await downloadPdf(page, "Descargar los documentos (PDF)");
  await expect(notFound).toHaveCount(0);
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
