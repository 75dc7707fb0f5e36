import { expect, type Page, test } from "@playwright/test";
import { signIn } from "../support/session.ts";
import { sendFileForStaff } from "../support/staff-request.ts";
import { runTag } from "../support/wizard.ts";

test.use({ locale: "en-US", viewport: { width: 1440, height: 900 } });

/** The Admin (Spanish) on Settings › Estados de solicitud, reached through the settings menu. */
async function openStatusTexts(admin: Page): Promise<void> {
  await admin
    .getByRole("navigation", { name: "Navegación principal" })
    .getByRole("button", { name: "Configuración" })
    .click();
  await admin.getByRole("menuitem", { name: "Estados de solicitud" }).click();
  await expect(admin).toHaveURL(/\/portal\/dashboards\/settings\/request-status$/);
  await expect(admin.getByRole("heading", { level: 1, name: "Estados de solicitud" })).toBeVisible();
}

test("the Admin renames a status in Spanish with an explanation: staff lists and the family's card show them", async ({
  page: admin,
  browser,
}) => {
  const tag = runTag("st");
  const label = `Suspendida ${tag}`;
  const explanation = `Falta el certificado médico del estudiante (${tag}). Tráigalo a la secretaría.`;

  // A request of the spec's own, suspended by the secretary (setup through the API).
  const requestId = await sendFileForStaff(browser, { names: "Inés", tag });
  const staff = await browser.newContext({ locale: "en-US" });
  const staffPage = await staff.newPage();
  await signIn(staffPage, "secretaria@demo.local");
  const suspended = await staffPage.request.post(`/api/requests/${requestId}/actions`, {
    data: { action: "discontinue", expectedVersion: 1, comment: "Falta un documento." },
  });
  expect(suspended.status()).toBe(200);
  await staff.close();

  await signIn(admin, "admin@demo.local");
  await expect(admin).toHaveURL(/\/portal\/dashboard$/);
  await openStatusTexts(admin);
  const section = admin.getByRole("region", { name: "Suspendida", exact: true });
  await expect(section.getByText("Textos del portal")).toBeVisible();
  // The transitions come from the workflow table, read-only.
  await expect(section.getByText("Restaurar → Restaurada")).toBeVisible();

  await section.getByRole("button", { name: "Editar: Suspendida" }).click();
  const dialog = admin.getByRole("dialog");
  await dialog.getByLabel("Nombre en español").fill(label);
  await dialog.getByLabel("Explicación en español").fill(explanation);
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(dialog).toHaveCount(0);
  const renamed = admin.getByRole("region", { name: label, exact: true });
  try {
    await expect(renamed.getByText("Modificado por el colegio")).toBeVisible();
    await expect(renamed.getByText(explanation)).toBeVisible();

    // The staff's suspended list names the status the new way in its badges.
    await admin.goto(`/portal/dashboards/inscriptions/descontinued-request?q=${tag}`);
    await expect(admin.getByRole("heading", { level: 1, name: "Solicitudes suspendidas" })).toBeVisible();
    const row = admin.getByRole("row").filter({ hasText: tag });
    await expect(row.getByText(label, { exact: true })).toBeVisible();

    // The family sees the new name and the explanation on its student's card.
    const familyContext = await browser.newContext({ locale: "en-US" });
    const family = await familyContext.newPage();
    await signIn(family, "familia1@demo.local");
    await expect(family).toHaveURL(/bienvenido$/);
    const card = family.getByRole("article").filter({ hasText: tag });
    await expect(card.getByText(`Estado de la solicitud: ${label}`)).toBeVisible();
    await expect(card.getByText(explanation)).toBeVisible();
    await familyContext.close();
  } finally {
    // Leave the demo as it was: the portal's texts again.
    await admin.goto("/portal/dashboards/settings/request-status");
    await admin.getByRole("button", { name: `Restablecer los textos del portal: ${label}` }).click();
    await admin.getByRole("dialog").getByRole("button", { name: "Sí" }).click();
    await expect(
      admin.getByRole("region", { name: "Suspendida", exact: true }).getByText("Textos del portal"),
    ).toBeVisible();
  }
});

test("the Admin rewrites an e-mail's French text with the server's preview, then restores the portal's", async ({
  page: admin,
}) => {
  await signIn(admin, "admin@demo.local");
  await admin
    .getByRole("navigation", { name: "Navegación principal" })
    .getByRole("button", { name: "Configuración" })
    .click();
  await admin.getByRole("menuitem", { name: "Textos de los correos" }).click();
  await expect(admin).toHaveURL(/\/portal\/dashboards\/settings\/email-texts$/);
  await expect(admin.getByRole("heading", { level: 1, name: "Textos de los correos" })).toBeVisible();
  // The password-changed mail in French: no other spec reads it.
  // The header has a language selector of its own.
  const main = admin.getByRole("main");
  await main.getByLabel("Correo", { exact: true }).selectOption({ label: "Contraseña cambiada" });
  await main.getByLabel("Idioma", { exact: true }).selectOption({ label: "Francés" });
  await expect(admin.getByTestId("email-text-state")).toHaveText("Texto del portal");
  const subject = admin.getByRole("textbox", { name: "Asunto" });
  await expect(subject).toHaveValue(/\{\{school\}\}/);
  const preview = admin.getByRole("region", { name: "Vista previa con datos de ejemplo" });
  await expect(preview.getByTestId("email-preview-text")).toContainText("Ana Pérez");
  await expect(preview).not.toContainText("{{");

  // A field the mail cannot fill is named under the subject as the Admin types.
  await subject.fill("Mot de passe changé {{clave}}");
  await expect(
    admin.getByText(
      "Este correo no puede usar {{clave}}: use solo los campos de la lista, escritos entre llaves dobles.",
    ),
  ).toBeVisible();
  await subject.fill("{{name}}, votre mot de passe {{school}} a changé");
  await expect(preview.getByTestId("email-preview-subject")).toHaveText(
    /^Asunto: Ana Pérez, votre mot de passe .+ a changé$/,
  );

  await admin.getByRole("button", { name: "Guardar" }).click();
  try {
    await expect(admin.getByTestId("email-text-state")).toContainText("Cambiado por el colegio");
    await expect(subject).toHaveValue("{{name}}, votre mot de passe {{school}} a changé");
  } finally {
    // Leave the demo as it was: the portal's text again, after a confirmation.
    await admin.getByRole("button", { name: "Restaurar el texto del portal" }).click();
    await admin.getByRole("dialog").getByRole("button", { name: "Sí" }).click();
    await expect(admin.getByTestId("email-text-state")).toHaveText("Texto del portal");
  }
  await expect(subject).toHaveValue(/\{\{school\}\}/);
  await expect(subject).not.toHaveValue(/a changé$/);
});
