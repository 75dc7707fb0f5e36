import { expect, test } from "@playwright/test";
import { cedulaCheckDigit } from "@portal/shared/rules/identification";
import { linkFromOutbox } from "./support/outbox.ts";
import { logIn, signIn } from "./support/session.ts";
import { openWizardStep, saveStepsBefore, startNewFile } from "./support/wizard.ts";

// The activation page and the family's screens are read in English; the Secretaria works in Spanish.
test.use({ locale: "en-US" });

// Enrollment at the office (docs/rules/staff-workflow.md "Walk-in families"): the Secretaria creates a
// walk-in family without an e-mail, fills its file in the family's wizard and sends it; then adds
// the parent's e-mail and invites them; the parent opens the e-mail's link, chooses a password and
// sees the file marked as entered at the office.
test("a walk-in family enrolled at the desk claims its account and sees what the office entered", async ({
  browser,
  page,
}) => {
  const stamp = String(Date.now()).slice(-7);
  const firstNine = `07${stamp}`;
  const cedula = `${firstNine}${cedulaCheckDigit(firstNine)}`;
  await signIn(page, "secretaria@demo.local", { path: "/portal/desk/new-family" });
  await expect(page.getByRole("heading", { level: 1, name: "Nueva familia en secretaría" })).toBeVisible();
  await page.getByRole("textbox", { name: /^Nombres/ }).fill("Rosa Elena");
  await page.getByRole("textbox", { name: /^Primer apellido/ }).fill("Quishpe");
  await page.getByRole("textbox", { name: /^Número de identificación/ }).fill(cedula);
  await page.getByRole("textbox", { name: /^Teléfono/ }).fill("0987654321");
  await page.getByRole("combobox", { name: "Idioma de la familia" }).selectOption("en");
  await page.getByRole("button", { name: "Crear la cuenta de la familia" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Familia Rosa Elena Quishpe" })).toBeVisible();
  await expect(page.getByText("Sin correo todavía")).toBeVisible();
  const familyUrl = page.url();
  const familyId = Number(familyUrl.split("/").at(-1));

  // Into the family's own wizard, under the banner naming it.
  await page.getByRole("button", { name: "Llenar la inscripción de esta familia" }).click();
  await expect(page).toHaveURL(/\/portal\/inscripciones\/bienvenido$/);
  await expect(page.getByText("Llenando por la familia Rosa Elena Quishpe")).toBeVisible();
  // The steps the wizard's screens would save (e2e/wizard-*.spec.ts walk them), through the same
  // routes with the header the wizard sends at the desk.
  await page.context().setExtraHTTPHeaders({ "x-desk-family": String(familyId) });
  const fileId = await startNewFile(page);
  await saveStepsBefore(page, fileId);
  await page.context().setExtraHTTPHeaders({});
  await openWizardStep(page, fileId, "resumen-del-registro");
  await expect(page.getByText("Llenando por la familia Rosa Elena Quishpe")).toBeVisible();
  await page.getByRole("button", { name: "Validar y enviar" }).click();
  await page
    .getByRole("dialog", { name: "¿Enviar la inscripción?" })
    .getByRole("button", { name: "Validar y enviar" })
    .click();
  await expect(page).toHaveURL(/\/felicitaciones$/);

  // Back at the family's page: the e-mail, then the invitation.
  await page.getByRole("link", { name: "Volver a la página de la familia" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Familia Rosa Elena Quishpe" })).toBeVisible();
  const email = `mostrador-${Date.now()}@example.ec`;
  await page.getByRole("textbox", { name: "Correo", exact: true }).fill(email);
  await page.getByRole("button", { name: "Guardar el correo" }).click();
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  const since = Date.now();
  await page.getByRole("button", { name: "Enviar la invitación" }).click();
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: `La invitación a ${email}` })
      .or(page.getByRole("status").filter({ hasText: `La invitación se envió a ${email}` })),
  ).toBeVisible();

  // The parent, signed out elsewhere, opens the e-mail's link and chooses a password.
  const link = await linkFromOutbox(email, "/account-activate", since);
  const parentContext = await browser.newContext({ locale: "en-US" });
  const parent = await parentContext.newPage();
  await parent.goto(link);
  await expect(parent.getByText("Choose your password to activate your account", { exact: false })).toBeVisible();
  await parent.getByLabel("Password", { exact: true }).fill("a bright kitchen window at dawn");
  await parent.getByLabel("Confirm password").fill("a bright kitchen window at dawn");
  await parent.getByRole("button", { name: "Activate my account" }).click();
  await expect(parent.getByText("Your account is active")).toBeVisible();
  await parent.goto("/login");
  await logIn(parent, email, "a bright kitchen window at dawn");
  await expect(parent).toHaveURL(/\/portal\/inscripciones\/bienvenido$/);

  // Their file, sent, each section marked as entered at the office by the Secretaria.
  await openWizardStep(parent, fileId, "resumen-del-registro");
  const section = parent.getByRole("region", { name: "Student file" });
  await expect(section.getByText(/^Entered at the office by Sofía Secretaria, /)).toBeVisible();
  await expect(parent.getByText("Llenando por la familia")).toHaveCount(0);
  await parentContext.close();

  // Back at the office: the secretary finds the family in the desk's list by its identification.
  await page.goto("/portal/desk/new-family");
  await page.getByRole("link", { name: "Ver las familias creadas en secretaría" }).click();
  await page.getByRole("searchbox", { name: /^Buscar/ }).fill(cedula);
  await page.keyboard.press("Enter");
  const found = page.getByRole("table", { name: "Familias creadas en secretaría" }).getByRole("row");
  await expect(found).toHaveCount(2);
  await expect(found.nth(1)).toContainText("Cuenta reclamada");
  await found.nth(1).getByRole("link", { name: "Rosa Elena Quishpe" }).click();
  await expect(page).toHaveURL(familyUrl);
  await expect(page.getByRole("heading", { level: 1, name: "Familia Rosa Elena Quishpe" })).toBeVisible();
});
