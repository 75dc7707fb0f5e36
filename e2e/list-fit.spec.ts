import { expect, type Page, test } from "@playwright/test";
import { REQUEST_STATUSES } from "../packages/shared/src/request-status.ts";
import { ALL_ROUTES } from "../packages/shared/src/route-access.ts";
import { registerAccount } from "./support/accounts.ts";
import { clippedAtEachWidth, clippedNow } from "./support/clipping.ts";
import { openInApp } from "./support/in-app.ts";
import { sameOrigin, signIn } from "./support/session.ts";
import { openWizardStep, saveStepsBefore, startNewFile } from "./support/wizard.ts";

/*
 * The clipping check: on every staff list and table screen and every family screen, at 1366 px
 * (a staff desktop) and 390 px (a family's phone), no badge, select or button shows its text cut
 * ("ACT…", "VENCI…", "Administrad…"). One visit per screen, checked at both widths by resizing
 * the page (support/clipping.ts); the screens come from the route table, so a new one is checked
 * without touching this file.
 */

// The login screen is English for this browser; the demo staff then work in Spanish.
test.use({ locale: "en-US" });
test.describe.configure({ mode: "parallel" });

const built = ALL_ROUTES.filter((route) => route.status === "built" && !route.hideInRoute);
/** Every list, table, dashboard and settings screen of the staff (those that name no record). */
const staffScreens = built.filter(
  (route) => route.access === "protected" && !route.roles.includes("User") && !route.fullPath.includes(":"),
);
const familyScreens = built.filter((route) => route.access === "protected" && route.roles.includes("User"));

/**
 * Opens a screen inside the running app (support/in-app.ts; `load`: with a page load, for a screen
 * whose data the test has just changed through the API) and waits for its title and its data.
 */
async function open(page: Page, path: string, what: string, load = false) {
  if (load) await page.goto(path);
  else await openInApp(page, path);
  await expect(page.getByRole("heading", { level: 1 }).first(), what).toBeVisible();
  await expect(page.getByText(/^(Cargando|Loading|Chargement)/), what).toHaveCount(0);
}

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

test("no badge, select or button is cut on the staff's screens, at 1366 and 390 px", async ({ page }) => {
  test.setTimeout(60_000 + staffScreens.length * 8_000);
  expect(staffScreens.length).toBeGreaterThan(25);
  await signIn(page, "admin@demo.local");
  await expect(page).toHaveURL(/\/portal\/dashboard$/);
  const sent = REQUEST_STATUSES.filter((status) => status !== "InProcess").join(",");
  const requests = await page.request.get(`/api/requests?pageSize=10&status=${sent}`);
  const sample = ((await requests.json()) as { items: { id: number }[] }).items[0]?.id;
  expect(sample).toBeDefined();
  const paths = [
    ...staffScreens.map((route) =>
      // The demo has requests in every status: a page of 100 holds the longest status names.
      route.id === "inscriptions.allRequest" ? `${route.fullPath}?pageSize=100&testData=include` : route.fullPath,
    ),
    `/portal/dashboards/inscriptions/request-detail/${sample}`,
  ];
  const clipped: string[] = [];
  for (const path of paths) {
    await open(page, path, path);
    clipped.push(...(await clippedAtEachWidth(page, path)));
  }
  expect(clipped, "badges, selects or buttons whose text is cut").toEqual([]);
});

test("no badge, select or button is cut on a family's screens, at 1366 and 390 px", async ({ page }) => {
  test.setTimeout(90_000 + familyScreens.length * 8_000);
  expect(familyScreens.length).toBeGreaterThan(15);
  await registerAccount(page, "fit", { path: null });
  const fileId = await startNewFile(page);
  await saveStepsBefore(page, fileId);
  await openWizardStep(page, fileId, "ficha-del-alumno");
  // The congratulations, last, needs the file sent.
  const screens = [
    ...familyScreens.filter((route) => route.id !== "wizard.congratulations"),
    ...familyScreens.filter((route) => route.id === "wizard.congratulations"),
  ];
  const clipped: string[] = [];
  for (const route of screens) {
    if (route.id === "wizard.congratulations") {
      const sent = await page.request.post(`/api/enrollment/files/${fileId}/send`, {
        headers: sameOrigin(),
      });
      expect(sent.status(), await sent.text()).toBe(200);
    }
    // An election that exists for nobody and an invitation nobody sent: their pages say so.
    const path = route.fullPath.replace(":id", "2147483000").replace(":token", "not-a-real-token");
    await open(page, path, route.id, route.id === "wizard.congratulations");
    clipped.push(...(await clippedAtEachWidth(page, route.id)));
  }
  expect(clipped, "badges, selects or buttons whose text is cut").toEqual([]);
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
