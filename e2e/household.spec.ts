import { expect, test } from "@playwright/test";
import { ACCOUNT_PASSWORD, registerAccount } from "./support/accounts.ts";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { linkFromOutbox, mailsFromOutbox } from "./support/outbox.ts";
import { openWizardStep, saveStepsBefore, startNewFile } from "./support/wizard.ts";

// The sign-in helper reads the login screen in English; the accounts then work in Spanish.
test.use({ locale: "en-US" });

// Shared households (docs/rules/enrollment.md "Households"): the first account invites the second parent
// from its account page; the second parent, with no account and not signed in, opens the e-mail's
// link, reads who invites to which family, creates the account there (the invited address shown,
// not editable) and is in the family at once; continues the same file, and the first account sees
// who saved it.
test("a second parent with no account opens the invitation signed out, registers from it and continues the family's file", async ({
  browser,
  page,
}) => {
  const owner = page;
  await registerAccount(owner, "hogar-a", { path: null });
  const fileId = await startNewFile(owner);
  await saveStepsBefore(owner, fileId, "enrollmentYear");

  // The first account invites from its account page.
  await owner.goto("/portal/account/user");
  const section = owner.getByRole("heading", { name: "Cuentas de la familia", level: 2 });
  await expect(section).toBeVisible();
  await expectNoSeriousViolations(owner, "account page with the household section");
  const secondEmail = `hogar-b-${Date.now()}@example.ec`;
  const since = Date.now();
  await owner.getByRole("textbox", { name: /Correo electrónico del otro padre o madre/ }).fill(secondEmail);
  await owner.getByRole("button", { name: "Enviar la invitación" }).click();
  await expect(owner.getByText(`Invitación pendiente para ${secondEmail}`)).toBeVisible();

  // The e-mail names who invites; an address with no account is not greeted by its address.
  const [mail] = await mailsFromOutbox(secondEmail, "/household-invitation/", since);
  expect(mail).toContain("Gabriela Zambrano le invita a compartir la inscripción de su familia");
  expect(mail).toContain("Estimado/a señor/a:");
  expect(mail).not.toContain("Si usted no hizo esta solicitud");
  const link = await linkFromOutbox(secondEmail, "/household-invitation", since);

  // Signed out, the link says who invites to which family, and offers the account for that address.
  const secondContext = await browser.newContext({ locale: "es-EC" });
  const second = await secondContext.newPage();
  // A link mailed before the screen became public leads there too, through a login that says why.
  await second.goto(link.replace("/household-invitation/", "/portal/account/household/join/"));
  await expect(
    second.getByText("Inicie sesión para aceptar la invitación familiar que recibió por correo."),
  ).toBeVisible();
  await second.getByRole("link", { name: "Crear cuenta" }).click();
  await expect(second).toHaveURL(link);
  await expect(second.getByRole("heading", { name: "Invitación a unirse a una familia", level: 1 })).toBeFocused();
  await expect(
    second.getByText(/^Gabriela Zambrano Loor le invita a compartir la inscripción de la familia Zambrano Loor en /),
  ).toBeVisible();
  const email = second.getByRole("textbox", { name: "Correo electrónico" });
  await expect(email).toHaveValue(secondEmail);
  await expect(email).not.toBeEditable();
  await expectNoSeriousViolations(second, "household invitation screen, signed out");
  await second.getByRole("textbox", { name: /^Primer apellido/ }).fill("Andrade");
  await second.getByRole("textbox", { name: /^Nombres/ }).fill("Mateo");
  await second.getByLabel(/^Contraseña/).fill(ACCOUNT_PASSWORD);
  await second.getByLabel(/^Confirme la contraseña/).fill(ACCOUNT_PASSWORD);
  await second.getByRole("textbox", { name: /^Teléfono/ }).fill("+593 99 555 4321");
  await second.getByRole("button", { name: "Crear mi cuenta y unirme" }).click();
  // Signed in and in the family in that one step: no activation e-mail, no second click.
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
  await expect(owner.getByText(/Guardado por última vez por Mateo Andrade el/)).toBeVisible();
  await owner.goto("/portal/account/user");
  await expect(owner.getByText(secondEmail)).toBeVisible();
  await expect(owner.getByRole("button", { name: /Retirar a Mateo Andrade/ })).toBeVisible();

  // The link was used up: opened again it says so.
  await second.goto(link);
  await expect(second.getByText(/Esta invitación ya no es válida/)).toBeVisible();
  await secondContext.close();
});
