import { expect, type Page, test } from "@playwright/test";
import { registerAccount } from "./support/accounts.ts";
import { sameOrigin } from "./support/session.ts";
import { openWizardStep, saveStepsBefore, startNewFile } from "./support/wizard.ts";

// The login screen is English for this browser (a US one: its own date order is month first);
// the family then works in French.
test.use({ locale: "en-US" });

async function storedBirthDate(page: Page, fileId: number): Promise<string> {
  const response = await page.request.get(`/api/enrollment/files/${fileId}/steps/studentFile`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { birthDate: string } }).data.birthDate;
}

/**
 * Dates in the portal's language, not the browser's. A French screen shows the stored
 * 2014-05-20 as 20/05/2014 and reads 21/06/2014 typed on the keyboard as 2014-06-21; the calendar
 * speaks French and starts its weeks on Monday.
 */
test("a French screen shows and reads dates day first, whatever the browser's locale", async ({ page }) => {
  await registerAccount(page, "fechas");
  await expect(page).toHaveURL(/\/portal\/inscripciones\/bienvenido$/);
  await page.getByLabel("Idioma").selectOption("fr");
  await expect(page.getByLabel("Langue")).toHaveValue("fr");

  const fileId = await startNewFile(page);
  await saveStepsBefore(page, fileId);
  const step = await page.request.get(`/api/enrollment/files/${fileId}/steps/studentFile`);
  const { data } = (await step.json()) as { data: Record<string, unknown> };
  const saved = await page.request.put(`/api/enrollment/files/${fileId}/steps/studentFile`, {
    headers: sameOrigin(),
    data: { ...data, birthDate: "2014-05-20" },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await openWizardStep(page, fileId, "ficha-del-alumno");
  await expect(page.getByRole("heading", { level: 1, name: "Fiche de l'élève" })).toBeVisible();
  const birthDate = page.getByRole("textbox", { name: "Date de naissance", exact: true });
  await expect(birthDate).toHaveValue("20/05/2014");
  await expect(birthDate).toHaveAttribute("placeholder", "JJ/MM/AAAA");

  // A click opens the calendar, in French, weeks from Monday, on the field's month.
  await birthDate.click();
  const calendar = page.locator("[data-dates-dropdown]");
  await expect(calendar.getByRole("button", { name: "mai 2014", exact: true })).toBeVisible();
  await expect(calendar.locator("thead th").first()).toHaveText("lu");
  await page.keyboard.press("Escape");
  await expect(calendar).toBeHidden();

  // Typed on the keyboard, day first; saved as the ISO day; shown back after a reload.
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("21/06/2014");
  await expect(birthDate).toHaveValue("21/06/2014");
  await page.getByRole("button", { name: "Enregistrer et continuer" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Fiche de l'élève" })).toBeHidden();
  expect(await storedBirthDate(page, fileId)).toBe("2014-06-21");
  await openWizardStep(page, fileId, "ficha-del-alumno");
  await expect(page.getByRole("textbox", { name: "Date de naissance", exact: true })).toHaveValue("21/06/2014");

  // A day that does not exist is not taken: the field goes back to the saved day on leaving it.
  const field = page.getByRole("textbox", { name: "Date de naissance", exact: true });
  await field.focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("31/02/2014");
  await page.keyboard.press("Tab");
  await expect(field).toHaveValue("21/06/2014");
});
