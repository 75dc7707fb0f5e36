import { expect, test } from "@playwright/test";
import { clippedNow } from "./support/clipping.ts";
import { signIn } from "./support/session.ts";

/*
 * The clipping check (support/clipping.ts): no badge, select or button shows its text cut ("ACT…",
 * "VENCI…", "Administrad…"). Here, the check's own test and the request list's filters on a phone;
 * every family screen and every staff list, table, dashboard and settings screen is checked at
 * 1366 and 390 px by the screen sweep (accessibility-every-screen.spec.ts), on the visits it
 * already makes, so a new screen in the route table is checked without touching either file.
 */

// The login screen is English for this browser; the demo staff then work in Spanish.
test.use({ locale: "en-US" });
test.describe.configure({ mode: "parallel" });

test("the clipping check finds a cut badge, button and select, and passes what fits", async ({ page }) => {
  // Planted defects, drawn the way Mantine draws them (label parts with an ellipsis).
  const cut = "white-space:nowrap;overflow:hidden;text-overflow:ellipsis";
  await page.setContent(`
    <main style="font: 14px sans-serif">
      <span class="mantine-Badge-root" style="display:inline-block;width:30px;${cut}">VENCIDO</span>
      <button><span class="mantine-Button-label" style="display:inline-block;width:40px;${cut}">Reenviar activación</span></button>
      <select style="width:60px;padding:0 24px 0 8px;font:14px sans-serif"><option>Familia de prueba</option></select>
      <table style="width:80px;table-layout:fixed"><tr><td><span class="mantine-Badge-root" style="display:inline-block;white-space:nowrap">Administrador</span></td></tr></table>
      <span class="mantine-Badge-root" style="display:inline-block;${cut}">ACTIVA</span>
      <select style="padding:0 24px 0 8px"><option>Administrador</option></select>
    </main>`);
  const found = await clippedNow(page, "planted");
  expect(found).toEqual([
    expect.stringContaining('"VENCIDO"'),
    expect.stringContaining('"Reenviar activación"'),
    expect.stringContaining('"Administrador (outside its cell)"'),
    expect.stringContaining('"Familia de prueba"'),
  ]);
});

test("on a phone the request list's filters wait behind a button that says how many are set", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "secretaria@demo.local", { path: "/portal/dashboards/inscriptions/all-request?pageSize=50" });
  await expect(page.getByRole("heading", { name: "Todas las solicitudes", level: 1 })).toBeVisible();
  await expect(page.getByRole("searchbox", { name: "Buscar" })).toBeVisible();
  const more = page.getByRole("button", { name: "Más filtros" });
  await expect(more).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("combobox", { name: "Nivel" })).toBeHidden();
  // The list starts within the first screen instead of below seven filters.
  await expect(page.getByRole("table").getByRole("row").nth(1)).toBeInViewport();

  await more.click();
  await expect(more).toHaveAttribute("aria-expanded", "true");
  await page.getByRole("combobox", { name: "Nivel" }).selectOption({ index: 1 });
  await expect(page).toHaveURL(/level=/);
  await expect(page.getByRole("button", { name: "Más filtros (1 activo)" })).toBeVisible();

  // From a tablet up every filter shows, with no button.
  await page.setViewportSize({ width: 1366, height: 768 });
  await expect(page.getByRole("combobox", { name: "Nivel" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Más filtros/ })).toHaveCount(0);
});
