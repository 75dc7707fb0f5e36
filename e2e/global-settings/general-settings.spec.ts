import { expect, type Page, test } from "@playwright/test";
import { signIn } from "../support/session.ts";
import { openWizardStep, runTag, saveStepsBefore, startNewFile } from "../support/wizard.ts";

test.use({ locale: "en-US" });

const SETTINGS = "/portal/dashboards/settings/general";

async function openSettings(page: Page) {
  await page.goto(SETTINGS);
  await expect(page.getByRole("heading", { name: "General", level: 1 })).toBeVisible();
}

/** Fills a field and saves its section, waiting for the server's answer. */
async function saveSection(page: Page, save: string, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
  await Promise.all([
    page.waitForResponse((response) => response.request().method() === "PUT" && response.status() === 200),
    page.getByRole("button", { name: save }).click(),
  ]);
}

test("the Admin's discount percent shows on a family's finance step, the school's name in the header", async ({
  page,
  browser,
}) => {
  await signIn(page, "admin@demo.local");
  await expect(page).toHaveURL(/\/portal\/dashboard$/);
  await openSettings(page);
  const discount = page.getByLabel("Descuento familiar (%)", { exact: true });
  const schoolName = page.getByLabel("Nombre de la institución", { exact: true });
  // What the demo had, to put it back at the end.
  const before = { discount: await discount.inputValue(), name: await schoolName.inputValue() };
  expect(before.discount).toBe("10");

  await saveSection(page, "Guardar reglas", { "Descuento familiar (%)": "25" });
  await expect(discount).toHaveValue("25");

  const family = await browser.newPage({ locale: "en-US" });
  await signIn(family, "familia1@demo.local");
  await expect(family).toHaveURL(/\/portal\/inscripciones\/bienvenido$/);
  // The welcome notice quotes the year's percent too.
  await expect(family.getByText(/descuento del 25 %/).first()).toBeVisible();
  const fileId = await startNewFile(family);
  await saveStepsBefore(family, fileId, "financialInformation");
  await openWizardStep(family, fileId, "informacion-financiera");
  await expect(family.getByRole("heading", { name: "Información financiera", level: 1 })).toBeVisible();
  await expect(family.getByTestId("family-discount")).toContainText("descuento del 25 %");

  // A wrong value is refused under its field; nothing is saved.
  await discount.fill("150");
  await page.getByRole("button", { name: "Guardar reglas" }).click();
  await expect(page.getByText("Introduzca un número entero de 0 a 100")).toBeVisible();

  // The school's name: the header and the browser title follow without a reload.
  const name = `Colegio ${runTag("e")}`;
  await saveSection(page, "Guardar identidad", { "Nombre de la institución": name });
  await expect(page.getByRole("banner").getByRole("link", { name })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`${name}$`));
  await family.reload();
  await expect(family.getByRole("banner").getByRole("link", { name })).toBeVisible();
  await family.close();

  // Put the demo back as it was.
  await openSettings(page);
  await saveSection(page, "Guardar reglas", { "Descuento familiar (%)": before.discount });
  await saveSection(page, "Guardar identidad", { "Nombre de la institución": before.name });
  await expect(page.getByRole("banner").getByRole("link", { name: before.name })).toBeVisible();
});

test("a second Admin saving stale values gets the page reloaded and told why", async ({ page, browser }) => {
  await signIn(page, "admin@demo.local");
  await openSettings(page);
  const other = await browser.newPage({ locale: "en-US" });
  await signIn(other, "admin@demo.local");
  await openSettings(other);

  const notice = "Imprima todo a una sola cara, por favor.";
  const field = "Impresión — Español";
  await saveSection(page, "Guardar avisos", { [field]: notice });

  // The other tab still holds the old version: its save is refused and it shows the first one's text.
  await other.getByLabel(field, { exact: true }).fill("Otro texto");
  await other.getByRole("button", { name: "Guardar avisos" }).click();
  await expect(
    other.getByRole("alert").filter({ hasText: "Otro administrador guardó esta sección antes" }),
  ).toBeVisible();
  await expect(other.getByLabel(field, { exact: true })).toHaveValue(notice);
  await other.close();

  // Back to the portal's own text.
  await saveSection(page, "Guardar avisos", { [field]: "" });
  await expect(page.getByLabel(field, { exact: true })).toHaveValue("");
});
