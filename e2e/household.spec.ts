import { expect, test } from "@playwright/test";
import { registerAccount } from "./support/accounts.ts";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { linkFromOutbox } from "./support/outbox.ts";
import { openWizardStep, saveStepsBefore, startNewFile } from "./support/wizard.ts";

// The sign-in helper reads the login screen in English; the accounts then work in Spanish.
test.use({ locale: "en-US" });

// Issue #14, shared households: the first account invites the second parent from its account
// page; the second parent accepts, continues the same file, and the first sees who saved it.
test("a second parent is invited, accepts, continues the family's file, and the first account sees who saved it", async ({
  browser,
  page,
}) => {
  const owner = page;
  await registerAccount(owner, "hogar-a");
  const fileId = await startNewFile(owner);
  await saveStepsBefore(owner, fileId, "enrollmentYear");

  const secondContext = await browser.newContext({ locale: "en-US" });
  const second = await secondContext.newPage();
  const secondEmail = await registerAccount(second, "hogar-b");

  // The first account invites from its account page.
  await owner.goto("/portal/account/user");
  const section = owner.getByRole("heading", { name: "Cuentas de la familia", level: 2 });
  await expect(section).toBeVisible();
  await expectNoSeriousViolations(owner, "account page with the household section");
  const since = Date.now();
  await owner.getByRole("textbox", { name: /Correo electrónico del otro padre o madre/ }).fill(secondEmail);
  await owner.getByRole("button", { name: "Enviar la invitación" }).click();
  await expect(owner.getByText(`Invitación pendiente para ${secondEmail}`)).toBeVisible();

  // The second parent opens the e-mail's link, signed in, and accepts with a click.
  const link = await linkFromOutbox(secondEmail, "/portal/account/household/join", since);
  await second.goto(link);
  await expect(second.getByRole("heading", { name: "Unirse a una familia", level: 1 })).toBeFocused();
  await expectNoSeriousViolations(second, "household invitation screen");
  await second.getByRole("button", { name: "Aceptar la invitación" }).click();
  await expect(second).toHaveURL(/\/portal\/inscripciones\/bienvenido/);

  // It continues the family's file: changes the student's names and saves the step.
  await openWizardStep(second, fileId, "ficha-del-alumno");
  const names = second.getByRole("textbox", { name: /^Nombres/ });
  await expect(names).not.toHaveValue("");
  await names.fill("Emilia Sofía");
  await second.getByRole("button", { name: "Guardar y continuar" }).click();
  await expect(second).toHaveURL(/anio-inscripcion/);

  // The first account sees the change, and who made it.
  await openWizardStep(owner, fileId, "ficha-del-alumno");
  await expect(owner.getByRole("textbox", { name: /^Nombres/ })).toHaveValue("Emilia Sofía");
  await expect(owner.getByText(/Guardado por última vez por Gabriela Zambrano el/)).toBeVisible();
  await owner.goto("/portal/account/user");
  await expect(owner.getByText(secondEmail)).toBeVisible();
  await expect(owner.getByRole("button", { name: /Retirar a Gabriela Zambrano/ })).toBeVisible();
  await secondContext.close();
});
