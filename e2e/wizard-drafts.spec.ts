import { expect, test } from "@playwright/test";
import { registerAccount } from "./support/accounts.ts";
import { openWizardStep, saveStepsBefore, startNewFile } from "./support/wizard.ts";

// The sign-in helper reads the login screen in English; the account then works in Spanish.
test.use({ locale: "en-US" });

// A phone reloads the tab when the family switches apps; what was typed comes back.
test("what was typed in a step and not saved survives a reload, and can be discarded back to what was saved", async ({
  page,
}) => {
  await registerAccount(page, "borrador", { path: null });
  const fileId = await startNewFile(page);
  await saveStepsBefore(page, fileId, "enrollmentYear");
  await openWizardStep(page, fileId, "ficha-del-alumno");
  const names = page.getByRole("textbox", { name: /^Nombres/ });
  await expect(names).not.toHaveValue("");
  const saved = await names.inputValue();

  await names.fill("Valentina Sofía");
  // Kept on the server a moment after typing stops; the page says so.
  await expect(page.getByRole("status").filter({ hasText: /Borrador guardado/ })).toBeVisible();
  await page.reload();

  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(names).toHaveValue("Valentina Sofía");
  const restored = page.getByRole("alert").filter({ hasText: "Recuperamos lo que había escrito" });
  await expect(restored).toBeVisible();
  // Nothing of it sits in the browser's storage: minors' data stays on the server.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  expect(stored).not.toContain("Valentina");

  await page.getByRole("button", { name: "Descartar lo escrito y volver a lo guardado" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Descartar lo escrito" }).click();
  await expect(names).toHaveValue(saved);
  await expect(restored).toBeHidden();
  await page.reload();
  await expect(names).toHaveValue(saved);
  await expect(page.getByText("Recuperamos lo que había escrito")).toHaveCount(0);
});
