import { expect, type Page, test } from "@playwright/test";
import { cedulaFor, minimalPdf } from "../apps/server/test/support/documents.ts";
import { registerAccount } from "./support/accounts.ts";
import { CURRENT_YEAR } from "./support/demo-calendar.ts";
import {
  chooseOption,
  chooseRadio,
  interceptFileChoosers,
  press,
  tabTo,
  tick,
  typeInto,
  uploadWithKeyboard,
} from "./support/keyboard.ts";
import { jpegPhoto } from "./support/wizard.ts";

// The login screen is English for this browser; once signed in, the family works in Spanish.
test.use({ locale: "en-US" });

const SAVE = "Guardar y continuar";
const pdf = (name: string) => ({ name, mimeType: "application/pdf", buffer: minimalPdf() });

/** "Save and next" by keyboard; the next step opens with the focus on its title. */
async function saveAndNext(page: Page, next: string): Promise<void> {
  await press(page, page.getByRole("button", { name: SAVE }));
  await expect(page.getByRole("heading", { level: 1, name: next })).toBeFocused();
}

/**
 * A new family goes through the fifteen steps of the wizard to sending the file with
 * the keyboard only — Tab and Shift+Tab to move, typing, Space and Enter, arrows in radio groups
 * and selects (e2e/support/keyboard.ts) — and no click, fill, check or selectOption. The only
 * exception is what no key can drive: the operating system's file chooser, opened by Enter on the
 * file field and handed the file by Playwright. After each "save and next" the focus must be on the
 * new step's title.
 */
test("a new family completes the whole wizard and sends the file with the keyboard only", async ({ page }) => {
  test.slow();
  interceptFileChoosers(page);
  await registerAccount(page, "teclado");
  await expect(page).toHaveURL(/\/portal\/inscripciones\/bienvenido$/);
  await expect(page.getByRole("heading", { level: 1, name: "Bienvenido" })).toBeVisible();

  // Step 1, welcome: the skip link, then the "+" card.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Saltar al contenido" })).toBeFocused();
  await page.keyboard.press("Enter");
  await press(page, page.getByRole("button", { name: "Agregar un alumno" }));
  await expect(page.getByRole("heading", { level: 1, name: "Ficha del alumno" })).toBeFocused();

  // Step 2, the student file.
  const student = cedulaFor(Date.now() % 10_000_000, 12);
  const label = (name: string) => page.getByLabel(name, { exact: true });
  await typeInto(page, label("Primer apellido"), "Zambrano");
  await typeInto(page, label("Segundo apellido"), "Loor");
  await typeInto(page, label("Nombres"), "Emilia");
  await chooseOption(page, label("Sexo"), "F");
  await typeInto(page, page.getByRole("textbox", { name: "Fecha de nacimiento", exact: true }), "14/03/2015");
  await chooseOption(page, label("País de nacimiento"), "EC");
  await typeInto(page, label("Ciudad de nacimiento"), "Quito");
  await chooseOption(page, label("Nacionalidad principal"), "EC");
  await typeInto(page, label("Dirección de residencia principal"), "Av. Amazonas N24-03, Quito");
  await typeInto(page, label("Sector o barrio"), "La Mariscal");
  await chooseOption(page, label("Tipo de sangre"), "O+");
  await typeInto(page, label("Número de documento"), student);
  await uploadWithKeyboard(page, page.getByRole("button", { name: "Documento de identidad (PDF)" }), pdf("cedula.pdf"));
  await expect(page.getByText("Archivo subido: cedula.pdf.")).toBeVisible();
  const contact = page.getByRole("group", { name: "Contacto 1" });
  await typeInto(page, contact.getByLabel("Nombre completo", { exact: true }), "María Loor");
  await chooseOption(page, contact.getByLabel("Parentesco", { exact: true }), "GRANDMOTHER");
  await typeInto(page, contact.getByLabel("Teléfono", { exact: true }), "+593 99 123 4567");
  await saveAndNext(page, "Año de inscripción y nivel");

  // Step 3, the level.
  await chooseOption(page, label("Nivel solicitado"), "CM2");
  await saveAndNext(page, "Términos y condiciones");

  // Step 4, the three terms.
  await tick(page, page.getByRole("checkbox", { name: "He leído y acepto los términos de uso del portal" }));
  await tick(page, page.getByRole("checkbox", { name: /acepto el acuerdo de uso de los datos personales/ }));
  await tick(page, page.getByRole("checkbox", { name: /acepto el contrato de servicios educativos/ }));
  await saveAndNext(page, "Primer representante legal");

  // Step 5, the account holder is representative 1: what the account knows is filled in.
  await chooseRadio(
    page,
    page.getByRole("radiogroup", { name: /titular de esta cuenta, el representante legal 1/ }),
    "Sí",
  );
  await expect(label("Nombres")).toHaveValue("Gabriela");
  await chooseRadio(page, page.getByRole("radiogroup", { name: /patria potestad/ }), "Sí");
  await chooseOption(page, label("Parentesco con el alumno"), "MOTHER");
  await chooseOption(page, label("Estado civil"), "MARRIED");
  await chooseOption(page, label("Tratamiento"), "Sra.");
  await typeInto(page, page.getByRole("textbox", { name: "Fecha de nacimiento", exact: true }), "20/02/1984");
  await chooseOption(page, label("País de nacimiento"), "EC");
  await typeInto(page, label("Ciudad de nacimiento"), "Quito");
  await chooseOption(page, label("Nacionalidad principal"), "EC");
  await typeInto(page, label("Número de documento"), cedulaFor(Date.now() % 10_000_000, 13));
  await uploadWithKeyboard(page, page.getByRole("button", { name: "Fotografía del representante" }), {
    name: "gabriela.jpg",
    mimeType: "image/jpeg",
    buffer: await jpegPhoto(),
  });
  await expect(page.getByText("Foto subida: gabriela.jpg.")).toBeVisible();
  await uploadWithKeyboard(page, page.getByRole("button", { name: "Documento de identidad (PDF)" }), pdf("ci.pdf"));
  await expect(page.getByText("Archivo subido: ci.pdf.")).toBeVisible();
  await typeInto(page, label("Confirme el celular"), "+593 99 555 1234");
  await chooseRadio(page, page.getByRole("radiogroup", { name: /comité de padres de familia/ }), "No");
  await chooseOption(page, label("País de residencia"), "EC");
  await typeInto(page, label("Ciudad de residencia"), "Quito");
  await typeInto(page, label("Dirección del domicilio"), "Av. República de El Salvador N34-12");
  await chooseOption(page, label("Situación profesional"), "EMPLOYED");
  await typeInto(page, label("Empleador o empresa"), "Banco del Pacífico");
  await chooseOption(page, label("Categoría socioprofesional"), "PCS3");
  await saveAndNext(page, "Segundo representante legal");

  // Step 6, no second representative: the arrow moves to "No…", which asks first; Enter on "Sí" confirms.
  const second = page.getByRole("radiogroup", { name: "¿Registra un segundo representante legal?" });
  await tabTo(page, second, { within: true });
  await page.keyboard.press("ArrowDown");
  const decline = page.getByRole("dialog", { name: "¿No registrar un segundo representante legal?" });
  await press(page, decline.getByRole("button", { name: "Sí" }));
  await expect(decline).toBeHidden();
  await typeInto(page, label("Motivo"), "El padre vive en el extranjero.");
  await saveAndNext(page, "Personas autorizadas");

  // Step 7, nobody else: nothing to fill.
  await saveAndNext(page, "Foto del alumno");

  // Step 8, the photo: chosen, framed with the keyboard, used; then the four consents.
  await uploadWithKeyboard(page, page.getByRole("button", { name: "Foto del alumno", exact: true }), {
    name: "emilia.jpg",
    mimeType: "image/jpeg",
    buffer: await jpegPhoto(),
  });
  await expect(page.getByRole("button", { name: "Usar esta foto" })).toBeEnabled();
  await tabTo(page, page.getByRole("slider", { name: "Zoom" }));
  for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowRight");
  await tabTo(page, page.getByRole("group", { name: "Encuadre de la foto" }));
  await page.keyboard.press("ArrowLeft");
  await press(page, page.getByRole("button", { name: "Usar esta foto" }));
  await expect(page.getByRole("img", { name: "Foto actual del alumno" })).toBeVisible();
  await chooseRadio(page, page.getByRole("radiogroup", { name: /uso de la foto de mi hijo o hija dentro/ }), "Sí");
  await chooseRadio(page, page.getByRole("radiogroup", { name: /publicación de la foto/ }), "No");
  await chooseRadio(page, page.getByRole("radiogroup", { name: /plataformas externas/ }), "No");
  await chooseRadio(page, page.getByRole("radiogroup", { name: /conserve la foto/ }), "Sí");
  await saveAndNext(page, "Historial académico del alumno");

  // Step 9, never schooled before.
  await chooseRadio(page, page.getByRole("radiogroup", { name: /estuvo escolarizado antes/ }), "No");
  await saveAndNext(page, "Información financiera");

  // Step 10, representative 1 pays by transfer, no scholarship.
  await chooseOption(page, label("¿Quién paga la escolaridad?"), "REPRESENTATIVE_1");
  await expect(label("Nombres")).toHaveValue("Gabriela");
  await chooseOption(page, label("Forma de pago"), "TRANSFER");
  await chooseRadio(page, page.getByRole("radiogroup", { name: "¿El alumno tiene una beca?" }), "No");
  await saveAndNext(page, "Servicio de transporte escolar");

  // Step 11, no school bus.
  await chooseRadio(page, page.getByRole("radiogroup", { name: /servicio de bus escolar/ }), "No");
  await saveAndNext(page, "Autorización de salida");

  // Step 12, exit authorization.
  await chooseRadio(
    page,
    page.getByRole("radiogroup", { name: /Ante una emergencia/ }),
    "La institución mantenga a mi hijo o hija bajo su cuidado hasta que las autoridades permitan la evacuación.",
  );
  await chooseRadio(page, page.getByRole("radiogroup", { name: /publicación de la imagen/ }), "No");
  await chooseRadio(page, page.getByRole("radiogroup", { name: /competencias y eventos/ }), "Sí");
  await chooseRadio(page, page.getByRole("radiogroup", { name: /salidas pedagógicas/ }), "Sí");
  await saveAndNext(page, "Ficha médica");

  // Step 13, the medical record.
  for (const name of [
    "¿El alumno padece alguna enfermedad?",
    "¿El alumno toma algún medicamento?",
    "¿El alumno tiene alguna discapacidad?",
    "¿El alumno está exonerado de la clase de educación física?",
  ]) {
    await chooseRadio(page, page.getByRole("radiogroup", { name }), "No");
  }
  await uploadWithKeyboard(page, page.getByRole("button", { name: "Carné de vacunación (PDF)" }), pdf("vacunas.pdf"));
  await expect(page.getByText("Archivo subido: vacunas.pdf.")).toBeVisible();
  await typeInto(page, label("Estatura"), "138,5");
  await typeInto(page, label("Peso"), "32,4");
  await chooseRadio(
    page,
    page.getByRole("radiogroup", { name: "¿Autoriza a la institución a tomar las medidas de emergencia necesarias?" }),
    "Sí",
  );
  await tick(page, page.getByRole("checkbox", { name: /Declaro que la información de esta ficha médica es verídica/ }));
  await saveAndNext(page, `Resumen de inscripción para el año ${CURRENT_YEAR}`);

  // Step 14, the summary: validate and send, confirmed in the dialog.
  await press(page, page.getByRole("button", { name: "Validar y enviar" }));
  const send = page.getByRole("dialog", { name: "¿Enviar la inscripción?" });
  await press(page, send.getByRole("button", { name: "Validar y enviar" }));

  // Step 15, congratulations.
  await expect(page.getByRole("heading", { level: 1, name: "Felicitaciones" })).toBeFocused();
  await expect(page.getByText("se realizó con éxito")).toBeVisible();
});
