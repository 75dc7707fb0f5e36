import { expect, type Page, test } from "@playwright/test";
import { ACCOUNT_PASSWORD, registerAccount } from "./support/accounts.ts";
import { CURRENT_YEAR } from "./support/demo-calendar.ts";
import { CODE_FIELD, setUpMfaOnScreen } from "./support/mfa.ts";
import { linkFromOutbox } from "./support/outbox.ts";
import { logIn, signIn } from "./support/session.ts";
import { totpCode } from "./support/totp.ts";

/** Her sign-in screen speaks her language (Spanish) once she has used the portal. */
async function herLogIn(page: Page, email: string): Promise<void> {
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByLabel("Año lectivo").locator("option:checked")).toHaveText(CURRENT_YEAR);
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel(/^Contraseña/).fill(ACCOUNT_PASSWORD);
  await Promise.all([
    page.waitForResponse((response) => response.url().endsWith("/api/auth/login")),
    page.getByRole("button", { name: "Iniciar sesión" }).click(),
  ]);
}

test.use({ locale: "en-US", viewport: { width: 1440, height: 900 } });

test("the Admin makes a family account Secretaría, then deactivates it and her open session ends", async ({
  page: her,
  browser,
  baseURL,
}) => {
  const email = await registerAccount(her, "users-admin");
  await expect(her).toHaveURL(/\/portal\/inscripciones\/bienvenido$/);

  const adminContext = await browser.newContext({ baseURL, locale: "en-US", viewport: { width: 1440, height: 900 } });
  const admin = await adminContext.newPage();
  await signIn(admin, "admin@demo.local", { path: `/portal/dashboards/settings/users?q=${encodeURIComponent(email)}` });
  await expect(admin.getByRole("heading", { level: 1 })).toBeVisible();
  const row = admin.getByRole("row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row.getByText("Activa", { exact: true })).toBeVisible();

  // The role, confirmed first. Cancelled, the select goes back to the role she still has.
  await row.getByLabel("Rol de Gabriela Zambrano Loor").selectOption("Secretaria");
  await admin.getByRole("dialog").getByRole("button", { name: "Cancelar" }).click();
  await expect(admin.getByRole("dialog")).toBeHidden();
  await expect(row.getByLabel("Rol de Gabriela Zambrano Loor")).toHaveValue("User");
  // Confirmed: she must sign in again and lands on the staff dashboard.
  await row.getByLabel("Rol de Gabriela Zambrano Loor").selectOption("Secretaria");
  await admin.getByRole("dialog").getByRole("button", { name: "Confirmar" }).click();
  await expect(admin.getByText("Registro actualizado correctamente")).toBeVisible();
  await expect(row.getByLabel("Rol de Gabriela Zambrano Loor")).toHaveValue("Secretaria");
  await her.reload();
  await expect(her).toHaveURL(/\/login/);
  await herLogIn(her, email);
  // Secretaría must use MFA: she sets it up at this first sign-in as staff.
  const { secret } = await setUpMfaOnScreen(her);
  await expect(her).toHaveURL(/\/portal\/dashboard$/);

  // Deactivated: confirmed, her open session ends at once and she cannot sign in.
  await row.getByRole("button", { name: "Desactivar a Gabriela Zambrano Loor" }).click();
  await admin.getByRole("dialog").getByRole("button", { name: "Confirmar" }).click();
  await expect(row.getByText("Desactivada", { exact: true })).toBeVisible();
  await her.reload();
  await expect(her).toHaveURL(/\/login/);
  await herLogIn(her, email);
  await expect(her.getByText("Esta cuenta ha sido desactivada", { exact: false })).toBeVisible();

  // The state filter keeps it in the URL; reactivated, she signs in again.
  await admin.getByLabel("Estado").selectOption("inactive");
  await expect(admin).toHaveURL(/state=inactive/);
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: "Reactivar a Gabriela Zambrano Loor" }).click();
  await admin.getByRole("dialog").getByRole("button", { name: "Confirmar" }).click();
  await expect(admin.getByText("Ninguna cuenta coincide con estos filtros.")).toBeVisible();
  await herLogIn(her, email);
  await her.getByLabel(CODE_FIELD).fill(totpCode(secret));
  await her.getByRole("button", { name: "Verificar" }).click();
  await expect(her).toHaveURL(/\/portal\/dashboard$/);

  // Her own row offers the Admin no way to lock themself out.
  await admin.goto("/portal/dashboards/settings/users?q=admin%40demo.local");
  const own = admin.getByRole("row").filter({ hasText: "admin@demo.local" });
  await expect(own.getByRole("combobox")).toBeDisabled();
  await expect(own.getByRole("button")).toHaveCount(0);

  await adminContext.close();
});

test("the Admin invites a Secretaría: she chooses her password from the e-mail, signs in, and is deactivated", async ({
  page: her,
  browser,
  baseURL,
}) => {
  const adminContext = await browser.newContext({ baseURL, locale: "en-US", viewport: { width: 1440, height: 900 } });
  const admin = await adminContext.newPage();
  await signIn(admin, "admin@demo.local", { path: "/portal/dashboards/settings/users" });

  const email = `invited-${Date.now()}@example.ec`;
  const since = Date.now();
  await admin.getByRole("button", { name: "Invitar a un miembro del personal" }).click();
  const dialog = admin.getByRole("dialog");
  await dialog.getByLabel("Nombres").fill("Lucía");
  await dialog.getByLabel("Primer apellido").fill("Vera");
  await dialog.getByLabel("Segundo apellido").fill("Mora");
  await dialog.getByLabel("Correo electrónico").fill(email);
  await dialog.getByLabel("Rol").selectOption("Secretaria");
  await dialog.getByLabel("Idioma de los correos").selectOption("en");
  await dialog.getByRole("button", { name: "Enviar invitación" }).click();
  await expect(admin.getByText(`Invitación enviada a ${email}`)).toBeVisible();
  await admin.getByLabel("Buscar").fill(email);
  await admin.getByLabel("Buscar").press("Enter");
  const row = admin.getByRole("row").filter({ hasText: email });
  await expect(row.getByText("No activada", { exact: true })).toBeVisible();

  // The same e-mail again: refused under the field.
  await admin.getByRole("button", { name: "Invitar a un miembro del personal" }).click();
  await dialog.getByLabel("Nombres").fill("Otra");
  await dialog.getByLabel("Primer apellido").fill("Persona");
  await dialog.getByLabel("Correo electrónico").fill(email);
  await dialog.getByRole("button", { name: "Enviar invitación" }).click();
  await expect(dialog.getByText("Ya existe una cuenta con este correo electrónico")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancelar" }).click();

  const link = await linkFromOutbox(email, "/account-activate", since);
  await her.goto(link);
  await expect(her.getByText("Choose your password to activate your account", { exact: false })).toBeVisible();
  await her.getByLabel("Password", { exact: true }).fill("she chooses this passphrase");
  await her.getByLabel("Confirm password").fill("she chooses this passphrase");
  await her.getByRole("button", { name: "Activate my account" }).click();
  await expect(her.getByText("Your account is active")).toBeVisible();
  await her.goto("/login");
  await logIn(her, email, "she chooses this passphrase");
  await setUpMfaOnScreen(her);
  await expect(her).toHaveURL(/\/portal\/dashboard$/);

  await admin.reload();
  await expect(row.getByText("Activa", { exact: true })).toBeVisible();
  await row.getByRole("button", { name: "Desactivar a Lucía Vera Mora" }).click();
  await admin.getByRole("dialog").getByRole("button", { name: "Confirmar" }).click();
  await expect(row.getByText("Desactivada", { exact: true })).toBeVisible();
  await her.reload();
  await expect(her).toHaveURL(/\/login/);

  await adminContext.close();
});

test("a family account's page lists its students and links to their requests", async ({ page }) => {
  await signIn(page, "admin@demo.local", { path: "/portal/dashboards/settings/users?q=familia1%40demo.local" });
  const row = page.getByRole("row").filter({ hasText: "familia1@demo.local" });
  await row.getByRole("link").click();
  await expect(page).toHaveURL(/\/portal\/dashboards\/settings\/users\/\d+$/);
  await expect(page.getByRole("heading", { name: "Estudiantes y solicitudes" })).toBeVisible();
  const request = page.getByRole("link", { name: /^INS-/ }).first();
  const code = (await request.textContent()) ?? "";
  await request.click();
  await expect(page).toHaveURL(/\/portal\/dashboards\/inscriptions\/request-detail\/\d+/);
  await expect(page.getByText(code).first()).toBeVisible();
});
