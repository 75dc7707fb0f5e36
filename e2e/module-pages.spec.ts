import { expect, type Page, test } from "@playwright/test";
import { sameOrigin, signIn } from "./support/session.ts";
import { sendFileForStaff } from "./support/staff-request.ts";
import { runTag } from "./support/wizard.ts";

// The login screen is English for this browser; the demo staff then work in Spanish.
test.use({ locale: "en-US" });

// This run's student, found by a surname of letters no other run shares.
const TAG = runTag("Mq");
const STUDENT = `Lucía Pérez ${TAG}`;
let requestId = 0;

const modulePath = (path: string) => `/portal/dashboards/inscriptions/${path}/${requestId}`;

/** The request's version, as a module page reads it. */
async function versionOf(page: Page): Promise<number> {
  const response = await page.request.get(`/api/requests/${requestId}/module`);
  return ((await response.json()) as { version: number }).version;
}

test.beforeAll(async ({ browser }) => {
  requestId = await sendFileForStaff(browser, { names: "Lucía", tag: TAG });
});

test.describe.configure({ mode: "serial" });

test("the secretary opens a module page from the request, edits it with the wizard's form and sees it saved", async ({
  page,
}) => {
  await signIn(page, "secretaria@demo.local", { path: `/portal/dashboards/inscriptions/request-detail/${requestId}` });
  await expect(page.getByTestId("request-student")).toHaveText(STUDENT);
  await page.getByRole("link", { name: "Ficha del alumno" }).click();
  await expect(page).toHaveURL(new RegExp(`/student-record/${requestId}$`));
  await expect(page.getByText(`${STUDENT} · solicitud`)).toBeVisible();

  // The wizard's own fields, with the family's data, and "Guardar" instead of "Guardar y continuar".
  const city = page.getByLabel("Ciudad de nacimiento", { exact: true });
  await expect(city).toHaveValue("Quito");
  await expect(page.getByRole("button", { name: "Guardar y continuar" })).toHaveCount(0);
  // The family's files are shown, not replaced: the identity document opens inline.
  const view = page.getByTestId("identityDocumentFileId-uploaded").getByRole("link");
  const href = await view.getAttribute("href");
  expect(href).toMatch(new RegExp(`^/api/requests/${requestId}/uploads/\\d+$`));
  const pdf = await page.request.get(href ?? "");
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-disposition"]).toMatch(/^inline/);

  // The same validation as the family's: a cleared required field is refused before saving.
  await city.fill("");
  await page.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(page.getByText("Complete todos los campos obligatorios del formulario")).toBeVisible();
  await city.fill("Cuenca");
  await page.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(page.getByText("Registro actualizado correctamente").first()).toBeVisible();
  // The page stays; a reload shows what the server kept.
  await expect(page).toHaveURL(new RegExp(`/student-record/${requestId}$`));
  await page.reload();
  // A cold reload of the module page fetches the step, six catalogues and the upload rules, then
  // renders the whole form: on CI's two loaded cores it once took more than the default 10 s.
  await expect(page.getByLabel("Ciudad de nacimiento", { exact: true })).toHaveValue("Cuenca", { timeout: 25_000 });
  expect(await versionOf(page)).toBe(2);

  // The request's other modules are one click away; the family's consents are read-only.
  await page.getByRole("link", { name: "Términos y condiciones" }).click();
  await expect(page).toHaveURL(new RegExp(`/conditions-and-terms/${requestId}$`));
  await expect(page.getByText("Los términos y condiciones los acepta la propia familia")).toBeVisible();
  // In the third person here, where the family's wizard says "He leído y acepto…".
  await expect(
    page.getByRole("checkbox", { name: "La familia ha leído y acepta los términos de uso del portal" }),
  ).toBeVisible();
  await expect(page.getByText("He leído y acepto", { exact: false })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Guardar", exact: true })).toHaveCount(0);
});

test("two people saving the same record: the second is told, reloads and sees the first one's change", async ({
  page,
}) => {
  await signIn(page, "secretaria@demo.local", { path: modulePath("information-school-transportation-service") });
  const wantsBus = page.getByRole("radiogroup", { name: /bus escolar/ });
  await expect(wantsBus.getByRole("radio", { name: "No" })).toBeChecked();

  // Someone else saves the same step meanwhile (another secretary's session, here the API).
  const version = await versionOf(page);
  const other = await page.request.put(`/api/requests/${requestId}/steps/schoolTransport`, {
    headers: sameOrigin(),
    data: { expectedVersion: version, data: { wantsBus: true, acceptsConditions: true } },
  });
  expect(other.status(), await other.text()).toBe(200);

  await wantsBus.getByRole("radio", { name: "Sí" }).check();
  // The family's consent, read by the staff, speaks of the family.
  await page.getByLabel("La familia ha leído y acepta las condiciones del servicio de transporte escolar").check();
  await page.getByRole("button", { name: "Guardar", exact: true }).click();
  const conflict = page.getByRole("alert").filter({ hasText: "Otra persona" });
  await expect(conflict).toBeVisible();
  await conflict.getByRole("button", { name: "Volver a cargar el registro" }).click();
  await expect(conflict).toHaveCount(0);
  await expect(page.getByRole("radiogroup", { name: /bus escolar/ }).getByRole("radio", { name: "Sí" })).toBeChecked();
  expect(await versionOf(page)).toBe(version + 1);
});

test("Consulta sees the same pages with no edit controls, and the medical record's view is allowed", async ({
  page,
}) => {
  await signIn(page, "consulta@demo.local", { path: modulePath("student-record") });
  await expect(page.getByText("Su rol puede ver los registros pero no cambiarlos.")).toBeVisible();
  await expect(page.getByLabel("Ciudad de nacimiento", { exact: true })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Guardar", exact: true })).toHaveCount(0);
  await page.getByRole("link", { name: "Ficha médica" }).click();
  await expect(page).toHaveURL(new RegExp(`/medical-record/${requestId}$`));
  await expect(page.getByRole("textbox", { name: "Estatura" })).toHaveValue("138,5");
});

test("a record the family is correcting is not shown: its pages say so", async ({ page }) => {
  await signIn(page, "secretaria@demo.local");
  const version = await versionOf(page);
  const correction = await page.request.post(`/api/requests/${requestId}/actions`, {
    headers: sameOrigin(),
    data: {
      action: "requestCorrection",
      expectedVersion: version,
      steps: ["schoolTransport"],
      message: "Revise el transporte, por favor.",
    },
  });
  expect(correction.status(), await correction.text()).toBe(200);
  await page.goto(modulePath("medical-record"));
  await expect(page.getByTestId("module-in-process")).toContainText("La familia está llenando o corrigiendo");
  // Still a page with its title: the heading names the module.
  await expect(page.getByRole("heading", { level: 1, name: "Ficha médica" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Estatura" })).toHaveCount(0);
});
