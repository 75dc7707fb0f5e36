import { expect, test } from "@playwright/test";
import { signIn } from "./support/session.ts";

test.use({ locale: "en-US", viewport: { width: 1440, height: 900 } });

test("the account page saves the profile and guards unsaved changes", async ({ page }) => {
  await signIn(page, "editor@demo.local");
  await expect(page).toHaveURL(/\/portal\/dashboard$/);
  await page.getByRole("button", { name: "Menú de usuario" }).click();
  await page.getByRole("menuitem", { name: "Mi cuenta" }).click();
  await expect(page).toHaveURL(/\/portal\/account\/user$/);
  await expect(page.getByText("SMS")).toBeVisible();

  const phone = page.getByLabel(/^Teléfono/);
  await phone.fill("+593 98 111 2222");
  // Leaving with unsaved changes asks first; staying keeps the typed value.
  await page.getByRole("navigation", { name: "Navegación principal" }).getByText("Panel de control").click();
  await expect(page.getByText("Si tiene cambios sin guardar, se perderán.")).toBeVisible();
  await page.getByRole("button", { name: "Quedarse" }).click();
  await expect(page).toHaveURL(/\/portal\/account\/user$/);
  await expect(phone).toHaveValue("+593 98 111 2222");

  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Registro actualizado correctamente")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/^Teléfono/)).toHaveValue("+593 98 111 2222");
});

test("changing the password needs the current one", async ({ page }) => {
  await signIn(page, "editor@demo.local", { path: "/portal/account/user" });
  await page.getByLabel(/^Contraseña actual/).fill("not my password");
  await page.getByLabel(/^Nueva contraseña/).fill("a perfectly fine passphrase");
  await page.getByLabel(/^Confirme la nueva contraseña/).fill("a perfectly fine passphrase");
  await page.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(page.getByText("La contraseña actual no es correcta")).toBeVisible();
});

test("on a phone, a saved notice does not cover the header", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "editor@demo.local", { path: "/portal/account/user" });
  await page.getByLabel(/^Teléfono/).fill("+593 98 111 3333");
  await page.getByRole("button", { name: "Guardar" }).click();
  const toast = page.getByRole("alert").filter({ hasText: "Registro actualizado correctamente" });
  await expect(toast).toBeVisible();
  const header = (await page.locator("header").first().boundingBox())!;
  const box = (await toast.boundingBox())!;
  // Below the header, never over it.
  expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
});
