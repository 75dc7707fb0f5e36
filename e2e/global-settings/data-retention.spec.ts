import { expect, test } from "@playwright/test";
import { sameOrigin, signIn } from "../support/session.ts";

test.use({ locale: "en-US", viewport: { width: 1440, height: 900 } });

/**
 * The Admin (Spanish) sets a retention period, sees what the purge would remove, then reads the
 * processing register, where the new period shows (docs/rules/data-protection.md).
 */
test("the Admin sets a retention period, reads the purge's preview and the processing register", async ({ page }) => {
  await signIn(page, "admin@demo.local", { path: "/portal/dashboards/settings/data-retention" });
  await expect(page.getByRole("heading", { level: 1, name: "Conservación de datos" })).toBeVisible();

  const period = page.getByLabel("Correos enviados (meses)");
  await period.fill("18");
  await page.getByRole("button", { name: "Guardar los plazos" }).click();
  await expect(page.getByText("Registro actualizado correctamente")).toBeVisible();

  const preview = page.getByRole("table", { name: "Lo que eliminará la depuración" });
  await expect(preview.getByRole("rowheader", { name: "Fichas médicas" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Ejecutar la depuración ahora" })).toBeEnabled();

  await page
    .getByRole("navigation", { name: "Navegación principal" })
    .getByRole("button", { name: "Configuración" })
    .click();
  await page.getByRole("menuitem", { name: "Registro de tratamientos" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Registro de tratamientos" })).toBeVisible();
  const messaging = page.getByRole("region", { name: "Correos a las familias" });
  await expect(messaging.getByText("18 meses después del envío.")).toBeVisible();
  const medical = page.getByRole("region", { name: "Fichas médicas" });
  await expect(medical.getByText(/Secretaría/)).toBeVisible();
  await expect(medical.getByText(/Editor/)).toHaveCount(0);

  // Back to the default, for whoever reads the register next on this database.
  const current = await (await page.request.get("/api/settings/retention")).json();
  const reset = await page.request.put("/api/settings/retention", {
    headers: sameOrigin(),
    data: { ...current.months, sentEmails: 12, automatic: current.automatic, version: current.version },
  });
  expect(reset.status()).toBe(200);
});
