import { expect, test } from "@playwright/test";
import { logIn, signIn } from "../support/session.ts";

test.use({ locale: "en-US" });

test("maintenance mode sends everyone but Admin to the maintenance page", async ({ page, browser }) => {
  await signIn(page, "admin@demo.local", { path: "/portal/dashboards/settings/general" });
  const toggle = page.getByRole("switch", { name: "Modo de mantenimiento" });
  await toggle.click();
  await expect(page.getByText("¿Está seguro de que desea actualizar?")).toBeVisible();
  await page.getByRole("button", { name: "Sí" }).click();
  await expect(toggle).toBeChecked();

  const family = await browser.newPage({ locale: "en-US" });
  // On the login screen: what a family signing in during maintenance is shown is under test.
  await logIn(family, "familia2@demo.local");
  await expect(family).toHaveURL(/\/maintenance$/);
  await family.goto("/portal/account/user");
  await expect(family).toHaveURL(/\/maintenance$/);
  // familia2's account is in French.
  await expect(family.getByRole("heading", { name: "Le portail est en maintenance" })).toBeVisible();

  // The Admin keeps working and turns it off again (no confirmation needed to turn it off).
  await page.reload();
  await expect(page).toHaveURL(/\/settings\/general$/);
  await page.getByRole("switch", { name: "Modo de mantenimiento" }).click();
  await expect(page.getByRole("switch", { name: "Modo de mantenimiento" })).not.toBeChecked();

  await family.goto("/portal/account/user");
  await expect(family).toHaveURL(/\/portal\/account\/user$/);
  await family.close();
});
