import { expect, test } from "@playwright/test";
import { signIn } from "./support/session.ts";

// Demo accounts use Spanish once signed in.
test.use({ locale: "en-US", viewport: { width: 1440, height: 900 } });

test("a family sees only its menu, with a way back to its enrollments", async ({ page }) => {
  await signIn(page, "familia1@demo.local");
  const nav = page.getByRole("navigation", { name: "Navegación principal" });
  await expect(nav.getByText("Elecciones").first()).toBeVisible();
  for (const hidden of ["Panel de control", "Inscripciones", "Reportes", "Configuración"]) {
    await expect(nav.getByText(hidden, { exact: true })).toHaveCount(0);
  }
  // "Mis inscripciones" leads back to the welcome page (and its students' cards) from anywhere.
  await page.goto("/portal/account");
  await nav.getByRole("link", { name: "Mis inscripciones" }).click();
  await expect(page).toHaveURL(/\/portal\/inscripciones\/bienvenido$/);
  await expect(nav.getByRole("link", { name: "Mis inscripciones" })).toHaveAttribute("aria-current", "page");
});

test("a secretary sees the staff menu but not settings", async ({ page }) => {
  await signIn(page, "secretaria@demo.local");
  const nav = page.getByRole("navigation", { name: "Navegación principal" });
  for (const shown of ["Panel de control", "Inscripciones", "Reportes"])
    await expect(nav.getByText(shown).first()).toBeVisible();
  await expect(nav.getByText("Configuración")).toHaveCount(0);
  // Elections are the families' and the Admin's: not in the other staff's menu.
  await expect(nav.getByText("Elecciones")).toHaveCount(0);
  // The desk: the new family's form and the list of the families created there.
  await nav.getByRole("button", { name: "Inscripción en secretaría" }).click();
  await expect(page.getByRole("menuitem")).toHaveText(["Nueva familia en secretaría", "Familias de secretaría"]);
});

test("on a phone the menu opens from a burger button", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signIn(page, "secretaria@demo.local");
  await expect(page).toHaveURL(/\/portal\/dashboard$/);
  await page.getByRole("button", { name: "Abrir menú" }).click();
  await expect(
    page.getByRole("navigation", { name: "Navegación principal" }).getByText("Reportes").first(),
  ).toBeVisible();
});

test("the Admin's menu follows the spec 2 order, with the representatives lists in their own group", async ({
  page,
}) => {
  await signIn(page, "admin@demo.local");
  await expect(page).toHaveURL(/\/portal\/dashboard$/);
  const nav = page.getByRole("navigation", { name: "Navegación principal" });
  // From 1400 px the menu is a row in the header: one button or link per top-level entry.
  await expect(nav.locator(":scope > *")).toHaveText([
    "Elecciones",
    "Inscripciones",
    "Representantes",
    "Reportes",
    "Configuración",
    "Panel de control",
    "Documentos",
    "Sincronización",
    "Fichas médicas",
    // Not in spec 2: messages to families (docs/rules/messages.md).
    "Mensajes a las familias",
    // Not in spec 2: re-enrollment campaigns (docs/rules/campaigns.md).
    "Campañas de rematrícula",
    // Not in spec 2: enrollment at the office (docs/rules/staff-workflow.md "Walk-in families").
    "Inscripción en secretaría",
    // Not in spec 2: the data-rights requests' queue (docs/rules/data-protection.md).
    "Derechos de datos",
  ]);
  await nav.getByRole("button", { name: "Representantes" }).click();
  await page.getByRole("menuitem", { name: "Primeros representantes" }).click();
  await expect(page).toHaveURL(/\/portal\/dashboards\/inscriptions\/first-representatives$/);
  await nav.getByRole("button", { name: "Inscripción en secretaría" }).click();
  await page.getByRole("menuitem", { name: "Familias de secretaría" }).click();
  await expect(page).toHaveURL(/\/portal\/desk\/families$/);
});
