import { expect, test } from "@playwright/test";
import { signIn } from "./support/session.ts";

// The login screen is English for this browser; the demo Admin then works in Spanish.
test.use({ locale: "en-US" });

test("the Admin reads on the roles page that Consulta may view requests but not change them", async ({ page }) => {
  await signIn(page, "admin@demo.local", { path: "/portal/dashboards/settings/audit-log" });
  await page.getByRole("link", { name: "Qué puede ver y hacer cada rol" }).click();
  await expect(page).toHaveURL(/\/portal\/dashboards\/settings\/roles$/);
  await expect(page.getByRole("heading", { level: 1, name: "Roles" })).toBeVisible();

  const permissions = page.getByRole("table", { name: "Lo que cada rol puede hacer" });
  await expect(permissions.getByRole("columnheader", { name: "Consulta" })).toBeVisible();
  const headers = await permissions.getByRole("columnheader").allTextContents();
  const consulta = headers.indexOf("Consulta") - 1; // the first column is the permission
  expect(consulta).toBeGreaterThanOrEqual(0);
  const cellOf = (permission: string) =>
    permissions
      .getByRole("row", { name: new RegExp(`^${permission}`) })
      .getByRole("cell")
      .nth(consulta);
  await expect(cellOf("Ver las solicitudes, representantes y fotos")).toHaveText("Sí");
  await expect(cellOf("Cambiar solicitudes")).toHaveText("No");

  const screens = page.getByRole("table", { name: "Pantallas que cada rol puede abrir" });
  await expect(
    screens
      .getByRole("row", { name: /^Registro de auditoría/ })
      .getByRole("cell")
      .nth(consulta),
  ).toHaveText("No");
});
