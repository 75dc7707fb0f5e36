import { expect, type Page, test } from "@playwright/test";
import { registerAccount } from "./support/accounts.ts";
import { signIn } from "./support/session.ts";
import { jpegPhoto, runTag, sendNewFile } from "./support/wizard.ts";

test.use({ locale: "en-US" });

// A surname of letters no other run or spec shares, to find this run's request.
const TAG = runTag("Foto");
const STUDENT = `Lucía Mora ${TAG}`;
const REASON = "No se ve la cara: envíe una foto de frente, sin gafas de sol.";
const PHOTOS = "/portal/dashboards/inscriptions/photos";

/** The photo loaded for real (the image endpoint answered with a picture). */
async function expectLoaded(page: Page, name: string) {
  const image = page.getByRole("img", { name });
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth))
    .toBe(500);
}

test("Secretaria rejects a photo with a reason; the family sees it, sends a new one, and it is approved", async ({
  page,
  browser,
}) => {
  // A family of this spec's own sends a file through the API.
  await registerAccount(page, "fotos");
  await expect(page).toHaveURL(/\/bienvenido$/);
  await sendNewFile(page, { studentFile: { names: "Lucía", firstName: "Mora", secondName: TAG } });

  // The secretary finds the photo among those to review and rejects it with a reason.
  const staffContext = await browser.newContext({ locale: "en-US" });
  const staff = await staffContext.newPage();
  await signIn(staff, "secretaria@demo.local", { path: `${PHOTOS}?q=${TAG}` });
  await expect(staff.getByRole("heading", { level: 1, name: "Fotos" })).toBeVisible();
  await expect(staff.getByLabel("Estado de la foto")).toHaveValue("pending");
  const card = staff.getByRole("article", { name: STUDENT });
  await expect(card.getByTestId("photo-status")).toHaveText("Por revisar");
  await expectLoaded(staff, `Foto de ${STUDENT}`);

  await card.getByRole("button", { name: "Rechazar" }).click();
  const dialog = staff.getByRole("dialog", { name: `Rechazar la foto de ${STUDENT}` });
  await dialog.getByRole("button", { name: "Rechazar y pedir una nueva foto" }).click();
  await expect(dialog.getByText("Escriba el motivo para la familia")).toBeVisible();
  await dialog.getByLabel("Motivo para la familia").fill(REASON);
  await dialog.getByRole("button", { name: "Rechazar y pedir una nueva foto" }).click();
  await expect(dialog).toBeHidden();
  await expect(staff.getByText("Foto rechazada: se pidió una nueva a la familia")).toBeVisible();
  // No longer to review: the grid (pending by default) no longer has it.
  await expect(staff.getByTestId("photos-empty")).toContainText("Ninguna foto corresponde a estos filtros.");

  // The status filter lives in the URL.
  await staff.getByLabel("Estado de la foto").selectOption("rejected");
  await expect(staff).toHaveURL(/photoStatus=rejected/);
  await expect(card.getByTestId("photo-status")).toHaveText("Rechazada");
  await expect(card.getByTestId("photo-reason")).toContainText(REASON);
  await expect(card.getByRole("button", { name: "Rechazar" })).toHaveCount(0);

  // The family sees the reason on the welcome card and sends a new photo, cropped as in the wizard.
  await page.goto("/portal/inscripciones/bienvenido");
  const studentCard = page.getByRole("article", { name: STUDENT });
  const rejection = studentCard.getByTestId("photo-rejection");
  await expect(rejection).toContainText("La secretaría pide una nueva foto");
  await expect(rejection).toContainText(REASON);
  await rejection.getByRole("button", { name: "Enviar una nueva foto" }).click();
  const replace = page.getByRole("dialog", { name: `Nueva foto de ${STUDENT}` });
  await expect(replace.getByText(REASON)).toBeVisible();
  await replace.locator('input[type="file"]').setInputFiles({
    name: "nueva.jpg",
    mimeType: "image/jpeg",
    buffer: await jpegPhoto(800, 600),
  });
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/uploads?kind=studentPhoto")),
    replace.getByRole("button", { name: "Usar esta foto" }).click(),
  ]);
  await expect(replace.getByRole("img", { name: "Foto actual del alumno" })).toBeVisible();
  await replace.getByRole("button", { name: "Enviar la nueva foto" }).click();
  await expect(replace).toBeHidden();
  await expect(page.getByText("La nueva foto fue enviada. La secretaría la revisará.")).toBeVisible();
  await expect(studentCard.getByTestId("photo-rejection")).toHaveCount(0);

  // Back among the photos to review: the secretary approves it after the confirmation.
  await staff.getByLabel("Estado de la foto").selectOption("pending");
  await expect(staff).not.toHaveURL(/photoStatus=/);
  await expect(card.getByTestId("photo-status")).toHaveText("Por revisar");
  await expectLoaded(staff, `Foto de ${STUDENT}`);
  await card.getByRole("button", { name: "Aprobar" }).click();
  const confirmation = staff.getByRole("dialog", { name: "¿Aprobar la foto?" });
  await expect(confirmation).toContainText(STUDENT);
  await confirmation.getByRole("button", { name: "Aprobar" }).click();
  await expect(staff.getByText("Foto aprobada")).toBeVisible();
  await staff.getByLabel("Estado de la foto").selectOption("approved");
  await expect(card.getByTestId("photo-status")).toHaveText("Aprobada");
  await staffContext.close();

  // Consulta sees the same grid with no review buttons.
  const readerContext = await browser.newContext({ locale: "en-US" });
  const reader = await readerContext.newPage();
  await signIn(reader, "consulta@demo.local", { path: `${PHOTOS}?photoStatus=all&q=${TAG}` });
  const readCard = reader.getByRole("article", { name: STUDENT });
  await expect(readCard.getByTestId("photo-status")).toHaveText("Aprobada");
  await expect(readCard.getByRole("button")).toHaveCount(0);
  await expect(reader.getByText("Puede ver las fotos pero no revisarlas.")).toBeVisible();
  await readerContext.close();
});
