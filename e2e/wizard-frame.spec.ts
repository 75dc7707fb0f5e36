import { expect, test } from "@playwright/test";
import { expectNotOver } from "./support/layout.ts";
import { signIn } from "./support/session.ts";
import { fillNewFile, openWizardStep, runTag, startNewFile } from "./support/wizard.ts";

test.use({ locale: "en-US" });

test("the wizard keeps what was typed when the window narrows to a phone's width, and shows compact progress", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "familia1@demo.local", { path: null });
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

test("on a phone, a file at its summary resumes there, the steps list closes on the next step, and the sent file reads as sent", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "familia1@demo.local");
  await expect(page).toHaveURL(/\/bienvenido$/);
  // The welcome text names the school year it enrolls for.
  await expect(page.getByText(/a sus hijos para el año lectivo \d{4}-\d{4}\. Elija/)).toBeVisible();

  // Every data step saved: the card says step 14 of 15, and "Continue" opens step 14.
  const tag = runTag("Frm");
  await fillNewFile(page, { studentFile: { names: "Inés", firstName: "Vega", secondName: tag } });
  await page.reload();
  const card = page.getByRole("article").filter({ hasText: tag });
  await expect(card.getByText("Inscripción en curso: paso 14 de 15")).toBeVisible();
  await card.getByRole("button", { name: "Continuar la inscripción" }).click();
  await expect(page).toHaveURL(/\/resumen-del-registro$/);
  await expect(page.getByText("Paso 14 de 15: Resumen del registro")).toBeVisible();

  // The list opened on one step is closed on the next one.
  const showSteps = page.getByRole("button", { name: "Ver todos los pasos" });
  await showSteps.click();
  await page.getByRole("button", { name: /Ficha del alumno/ }).click();
  await expect(page).toHaveURL(/\/ficha-del-alumno$/);
  await expect(showSteps).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("button", { name: /Ficha médica/ })).toBeHidden();

  // A save refused for one field, that field in view just under the header (the family scrolled
  // there): the toast does not cover the message under it. (The refusal is made up here; any
  // field refusal shows alike.)
  const refused = "Revise el primer apellido.";
  await page.route(/\/steps\/studentFile$/, (route) =>
    route.request().method() === "PUT"
      ? route.fulfill({
          status: 400,
          contentType: "application/json",
          body: JSON.stringify({
            error: { code: "VALIDATION_ERROR", message: "Revise los datos.", fields: { firstName: refused } },
          }),
        })
      : route.fallback(),
  );
  const firstName = page.getByLabel("Primer apellido", { exact: true });
  await expect(firstName).toHaveValue("Vega");
  await firstName.evaluate((input) => window.scrollBy(0, input.getBoundingClientRect().bottom - 110));
  expect((await firstName.boundingBox())?.y).toBeLessThan(100);
  await firstName.press("Enter");
  const toast = page.getByRole("alert").filter({ hasText: "El registro no fue actualizado" });
  const message = page.getByText(refused);
  await expect(toast).toBeVisible();
  await expect(message).toBeInViewport({ ratio: 1 });
  await expectNotOver(toast, message);
  await page.unrouteAll();

  // Sent with the list open, the congratulations are on screen, the list closed, and the contract
  // notice no longer says "when you finish".
  await page.goto("/portal/inscripciones/resumen-del-registro");
  await showSteps.click();
  await expect(page.getByRole("button", { name: /Ficha del alumno/ })).toBeVisible();
  await page.getByRole("button", { name: "Validar y enviar" }).click();
  await page
    .getByRole("dialog", { name: "¿Enviar la inscripción?" })
    .getByRole("button", { name: "Validar y enviar" })
    .click();
  await expect(page).toHaveURL(/\/felicitaciones$/);
  await expect(showSteps).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByText("¡Inscripción enviada!")).toBeInViewport();
  await expect(
    page.getByText(/^Firme el contrato que le enviaremos por correo electrónico en un plazo de \d+ horas/),
  ).toBeVisible();
  await expect(page.getByText("Al terminar, firme el contrato", { exact: false })).toHaveCount(0);
});
