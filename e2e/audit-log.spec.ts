import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { signIn } from "./support/session.ts";

// The login screen is English for this browser; the demo Admin then works in Spanish.
test.use({ locale: "en-US" });

const AUDIT_LOG = "/portal/dashboards/settings/audit-log";

test("the Admin finds their own sign-in in the audit log and exports it as CSV", async ({ page }) => {
  await signIn(page, "admin@demo.local", { path: AUDIT_LOG });
  await expect(page.getByRole("heading", { level: 1, name: "Registro de auditoría" })).toBeVisible();

  await page.getByLabel("Por (correo o nombre)").fill("admin@demo.local");
  await page.getByLabel("Evento", { exact: true }).selectOption({ label: "Inicio de sesión" });
  await page.getByRole("button", { name: "Aplicar filtros" }).click();
  await expect(page).toHaveURL(/event=login\.success/);
  const table = page.getByRole("table", { name: "Registro de auditoría" });
  const rows = table.getByRole("row").filter({ hasText: "admin@demo.local" });
  await expect(rows.first()).toContainText("Inicio de sesión");
  await expect(table.getByRole("row").filter({ hasText: "Cierre de sesión" })).toHaveCount(0);

  // The filters survive a reload: they are in the URL.
  await page.reload();
  await expect(page.getByLabel("Por (correo o nombre)")).toHaveValue("admin@demo.local");
  await expect(rows.first()).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Exportar CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await download.path()) as string);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString("utf8");
  expect(text).toContain('"Evento"');
  expect(text).toContain('"Inicio de sesión"');
  expect(text).toContain('"admin@demo.local"');
  expect(text).not.toContain('"Cierre de sesión"');
});

test("a start date after the end date is refused under the field, and no match says so", async ({ page }) => {
  await signIn(page, "admin@demo.local", { path: AUDIT_LOG });
  await page.getByRole("textbox", { name: "Desde" }).fill("02/05/2026");
  await page.getByRole("textbox", { name: "Hasta" }).fill("01/05/2026");
  await page.getByRole("button", { name: "Aplicar filtros" }).click();
  await expect(page.getByText("La fecha de inicio debe ser anterior o igual a la fecha de fin")).toBeVisible();
  const from = page.getByRole("textbox", { name: "Desde" });
  await expect(from).toBeFocused();
  // The date field's error is linked like every other field's.
  await expect(from).toHaveAttribute("aria-invalid", "true");
  await expect(from).toHaveAccessibleDescription(/La fecha de inicio debe ser anterior/);

  await page.getByRole("textbox", { name: "Hasta" }).fill("");
  await page.getByRole("textbox", { name: "Desde" }).fill("");
  await page.getByLabel("Solicitud (número o código)").fill("NO-SUCH-REQUEST");
  await page.getByRole("button", { name: "Aplicar filtros" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Ningún evento corresponde a estos filtros." }),
  ).toBeVisible();
});
