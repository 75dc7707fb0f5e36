import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { ACCOUNT_PASSWORD, registerAccount } from "./support/accounts.ts";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { CODE_FIELD, setUpMfaOnScreen } from "./support/mfa.ts";
import { sameOrigin, signIn } from "./support/session.ts";
import { totpCode } from "./support/totp.ts";

test.use({ locale: "en-US" });

/**
 * A staff member's first sign-in once MFA is required sets it up (the key read from the
 * screen goes into "the app", the same TOTP library), and later sign-ins ask for a code.
 */
test("a new Consulta sets up MFA at her first sign-in, then signs in with a code", async ({
  page: her,
  browser,
  baseURL,
}) => {
  const email = await registerAccount(her, "mfa-staff");
  await expect(her).toHaveURL(/\/portal\/inscripciones\/bienvenido$/);

  // The Admin makes her Consulta (through the API, as the users screen does; its spec covers the screen).
  const adminContext = await browser.newContext({ baseURL, locale: "en-US" });
  const admin = await adminContext.newPage();
  await signIn(admin, "admin@demo.local");
  await expect(admin).toHaveURL(/\/portal\/dashboard$/);
  const origin = sameOrigin();
  const list = (await (await admin.request.get(`/api/users?q=${encodeURIComponent(email)}`)).json()) as {
    items: { id: number }[];
  };
  const changed = await admin.request.put(`/api/users/${list.items[0]!.id}/role`, {
    headers: origin,
    data: { role: "Consulta" },
  });
  expect(changed.ok(), await changed.text()).toBe(true);

  // Her next sign-in: the password, then the setup screen (her account works in Spanish).
  await her.reload();
  await expect(her).toHaveURL(/\/login/);
  await her.getByLabel("Correo electrónico").fill(email);
  await her.getByLabel(/^Contraseña/).fill(ACCOUNT_PASSWORD);
  await her.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(her.getByRole("heading", { level: 1, name: "Configurar la verificación en dos pasos" })).toBeVisible();
  await expect(her.getByRole("img", { name: /Código QR para escanear/ })).toBeVisible();
  const code = her.getByLabel(CODE_FIELD);
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute("autocomplete", "one-time-code");
  // Nothing else is reachable before the second factor.
  expect((await her.request.get("/api/account")).status()).toBe(401);
  await expectNoSeriousViolations(her, "second factor set-up");

  // A wrong code first: said under the field, the field still there.
  await code.fill("000000");
  await her.getByRole("button", { name: "Confirmar y continuar" }).click();
  await expect(her.getByText("El código no es válido", { exact: false })).toBeVisible();

  const { recoveryCodes } = await setUpMfaOnScreen(her, async (codes) => {
    // The codes can be kept: copied, printed, or downloaded as a text file holding all ten.
    await expect(her.getByRole("button", { name: "Copiar los códigos" })).toBeVisible();
    await expect(her.getByRole("button", { name: "Imprimir" })).toBeVisible();
    const [file] = await Promise.all([
      her.waitForEvent("download"),
      her.getByRole("button", { name: "Descargar (.txt)" }).click(),
    ]);
    expect(file.suggestedFilename()).toBe("codigos-de-recuperacion.txt");
    const text = fs.readFileSync((await file.path())!, "utf8");
    for (const code of codes) expect(text).toContain(code);
  });
  expect(recoveryCodes.every((c) => /^[a-z2-9]{5}-[a-z2-9]{5}$/.test(c))).toBe(true);
  await expect(her).toHaveURL(/\/portal\/dashboard$/);

  // Later: the password, then a recovery code (her phone is elsewhere); she is told how many are left.
  await her.getByRole("button", { name: /menú de usuario/ }).click();
  await her.getByRole("menuitem", { name: "Cerrar sesión" }).click();
  await expect(her).toHaveURL(/\/login$/);
  await her.getByLabel("Correo electrónico").fill(email);
  await her.getByLabel(/^Contraseña/).fill(ACCOUNT_PASSWORD);
  await her.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(her.getByRole("heading", { level: 1, name: "Verificación en dos pasos" })).toBeVisible();
  await expect(her.getByLabel(CODE_FIELD)).toBeFocused();
  await her.getByLabel(CODE_FIELD).fill(recoveryCodes[0]!);
  await her.getByRole("button", { name: "Verificar" }).click();
  await expect(her).toHaveURL(/\/portal\/dashboard$/);
  await expect(
    her.getByText("Inició sesión con un código de recuperación: le quedan 9.", { exact: false }),
  ).toBeVisible();

  // The Admin resets it from her account page: she sets it up again at her next sign-in.
  await admin.goto(`/portal/dashboards/settings/users/${list.items[0]!.id}`);
  await admin.getByRole("button", { name: "Restablecer la verificación en dos pasos" }).click();
  await admin.getByRole("dialog").getByRole("button", { name: "Restablecer la verificación en dos pasos" }).click();
  await expect(admin.getByText("Verificación en dos pasos restablecida.")).toBeVisible();
  await her.reload();
  await expect(her).toHaveURL(/\/login/);
  await her.getByLabel("Correo electrónico").fill(email);
  await her.getByLabel(/^Contraseña/).fill(ACCOUNT_PASSWORD);
  await her.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(her.getByRole("heading", { level: 1, name: "Configurar la verificación en dos pasos" })).toBeVisible();
  await adminContext.close();
});

test("a family turns two-step verification on from its account page, signs in with a code, and turns it off", async ({
  page,
}) => {
  const email = await registerAccount(page, "mfa-family");
  await page.goto("/portal/account/user");
  const section = page.getByRole("region", { name: "Verificación en dos pasos" });
  await expect(section.getByText("Desactivada")).toBeVisible();
  await section.getByRole("button", { name: "Activar la verificación en dos pasos" }).click();
  const { secret } = await setUpMfaOnScreen(page);
  await expect(section.getByText("Activada")).toBeVisible();
  await expect(section.getByText("Le quedan 10 códigos de recuperación.")).toBeVisible();

  await page.getByRole("button", { name: /menú de usuario/ }).click();
  await page.getByRole("menuitem", { name: "Cerrar sesión" }).click();
  // Signed out, the screen follows the browser (English); the second step keeps that language.
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel(/^Password/).fill(ACCOUNT_PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Two-step verification" })).toBeVisible();
  await page.getByLabel(CODE_FIELD).fill(totpCode(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/portal\/inscripciones\/bienvenido$/);

  await page.goto("/portal/account/user");
  await section.getByRole("button", { name: "Desactivar la verificación en dos pasos" }).click();
  await section.getByLabel(/^Contraseña actual/).fill(ACCOUNT_PASSWORD);
  await section.getByRole("button", { name: "Desactivar la verificación en dos pasos" }).click();
  await expect(section.getByText("Desactivada")).toBeVisible();
});
