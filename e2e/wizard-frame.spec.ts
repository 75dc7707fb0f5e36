import { expect, test } from "@playwright/test";
import { logIn } from "./support/session.ts";
import { openWizardStep, startNewFile } from "./support/wizard.ts";

test.use({ locale: "en-US" });

test("the wizard keeps what was typed when the window narrows to a phone's width, and shows compact progress", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, "familia1@demo.local");
  await expect(page).toHaveURL(/\/bienvenido$/);
  const fileId = await startNewFile(page);
  await openWizardStep(page, fileId, "ficha-del-alumno");
  await expect(page.getByRole("heading", { level: 1, name: "Ficha del alumno" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Pasos de la inscripción" })).toBeVisible();
  await page.getByLabel("Nombres", { exact: true }).fill("Valentina");

  // A tablet turned or a window narrowed: the step stays as it was, only the progress changes.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText("Paso 2 de 15: Ficha del alumno")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Pasos de la inscripción" })).toHaveCount(0);
  await expect(page.getByLabel("Nombres", { exact: true })).toHaveValue("Valentina");

  // The full list of steps is one tap away.
  await page.getByRole("button", { name: "Ver todos los pasos" }).click();
  await expect(page.getByRole("button", { name: /Ficha del alumno/ })).toHaveAttribute("aria-current", "step");

  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByLabel("Nombres", { exact: true })).toHaveValue("Valentina");
});
