import { expect, test } from "@playwright/test";
import { registerAccount } from "./support/accounts.ts";
import { openWizardStep, saveStepsBefore, startNewFile } from "./support/wizard.ts";

// The sign-in helper reads the login screen in English; the account then works in Spanish.
test.use({ locale: "en-US" });

// Where the focus goes when a step is saved, or fails to be.
test("a failed save focuses the first unchecked term clear of the header; a saved step opens at its top, its title focused", async ({
  page,
}) => {
  await registerAccount(page, "foco", { path: null });
  const fileId = await startNewFile(page);
  await saveStepsBefore(page, fileId, "terms");
  await openWizardStep(page, fileId, "terminos-y-condiciones");
  await expect(page.getByRole("heading", { level: 1, name: /Términos/ })).toBeFocused();

  // Saved without accepting: the first term's box takes the focus, marked invalid, its message linked.
  await page.getByRole("button", { name: "Guardar y continuar" }).click();
  const first = page.getByRole("checkbox", { name: "He leído y acepto los términos de uso del portal" });
  await expect(first).toBeFocused();
  await expect(first).toHaveAttribute("aria-invalid", "true");
  const messageId = await first.getAttribute("aria-describedby");
  expect(messageId).toBeTruthy();
  await expect(page.locator(`[id="${messageId}"]`)).toHaveText(/.+/);
  // Scrolled into view below the sticky header, not under it.
  const header = await page.locator("header").boundingBox();
  const box = await first.boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);

  for (const name of [
    "He leído y acepto los términos de uso del portal",
    "He leído y acepto el acuerdo de uso de los datos personales",
    "He leído y acepto el contrato de servicios educativos",
  ]) {
    await page.getByRole("checkbox", { name }).check();
  }
  await expect(first).not.toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "Guardar y continuar" }).click();
  await expect(page).toHaveURL(/primer-representante-legal$/);
  // The next step starts at its top, its title focused (not the page body halfway down).
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
