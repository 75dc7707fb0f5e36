import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { sameOrigin, signIn } from "./support/session.ts";
import { jpegPhoto, openWizardStep, saveStepsBefore, startNewFile } from "./support/wizard.ts";

// The login screen is English for this browser; once signed in, familia1 works in Spanish.
test.use({ locale: "en-US" });

const SAVE = "Guardar y continuar";

/**
 * Keeps a copy of every file the page uploads, read from the FormData just before fetch sends it
 * (Chromium does not hand Playwright the body of a request that carries a Blob).
 */
async function recordUploads(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const sent: string[] = [];
    (window as unknown as { portalUploads: string[] }).portalUploads = sent;
    const original = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const file = init?.body instanceof FormData ? init.body.get("file") : null;
      if (file instanceof Blob) {
        let binary = "";
        for (const byte of new Uint8Array(await file.arrayBuffer())) binary += String.fromCharCode(byte);
        sent.push(btoa(binary));
      }
      return original(input, init);
    };
  });
}

/** Confirms the crop and answers the bytes the browser uploaded. */
async function usePhoto(page: Page): Promise<Buffer> {
  await Promise.all([
    page.waitForResponse(
      (response) => response.request().method() === "POST" && response.url().includes("/uploads?kind=studentPhoto"),
    ),
    page.getByRole("button", { name: "Usar esta foto" }).click(),
  ]);
  const sent = await page.evaluate(() => (window as unknown as { portalUploads: string[] }).portalUploads.at(-1));
  if (!sent) throw new Error("no upload recorded");
  return Buffer.from(sent, "base64");
}

/** 640 × 480: the left half red, the right half blue. */
async function twoColourPhoto(): Promise<Buffer> {
  const blue = await sharp({ create: { width: 320, height: 480, channels: 3, background: { r: 0, g: 0, b: 255 } } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 255, g: 0, b: 0 } } })
    .composite([{ input: blue, left: 320, top: 0 }])
    .jpeg()
    .toBuffer();
}

async function stepData(page: Page, fileId: number, step: string): Promise<Record<string, unknown>> {
  const response = await page.request.get(`/api/enrollment/files/${fileId}/steps/${step}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

test("student photo: cropped in the browser to 500 × 500, consents answered, kept or replaced", async ({ page }) => {
  // A family's phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await recordUploads(page);
  await signIn(page, "familia1@demo.local", { path: null });
  const fileId = await startNewFile(page);
  await saveStepsBefore(page, fileId, "studentPhoto");
  await openWizardStep(page, fileId, "foto-del-alumno");
  await expect(page.getByRole("heading", { name: "Foto del alumno", level: 1 })).toBeVisible();
  await expect(page.getByText("Todavía no hay foto")).toBeVisible();

  // Nothing chosen: the photo and each authorization are asked for.
  await page.getByRole("button", { name: SAVE }).click();
  await expect(page.getByText("Complete todos los campos obligatorios del formulario")).toBeVisible();
  await expect(page.getByText("Suba el archivo requerido")).toBeVisible();
  await expect(page.getByText("Este campo es obligatorio")).toHaveCount(4);

  // Choose a 640 × 480 photo: the cropper opens and saving waits for it.
  await page.locator('input[type="file"]').setInputFiles({
    name: "valentina.jpg",
    mimeType: "image/jpeg",
    buffer: await jpegPhoto(),
  });
  const cropArea = page.getByRole("group", { name: "Encuadre de la foto" });
  await expect(cropArea).toBeVisible();
  await expect(page.getByRole("button", { name: SAVE })).toBeDisabled();
  // The photo is framed where its preview was ("no photo yet" is gone), the frame has the keyboard,
  // and the whole cropper is on the phone's screen, below the header, "use this photo" included.
  await expect(page.getByText("Todavía no hay foto")).toHaveCount(0);
  await expect(cropArea).toBeFocused();
  const cropper = page.getByTestId("student-photo-cropper");
  await expect(page.getByRole("button", { name: "Usar esta foto" })).toBeInViewport({ ratio: 1 });
  await expect(cropper).toBeInViewport({ ratio: 1 });
  const headerBox = await page.locator("header").first().boundingBox();
  const cropperBox = await cropper.boundingBox();
  expect(cropperBox?.y ?? 0).toBeGreaterThanOrEqual((headerBox?.y ?? 0) + (headerBox?.height ?? 0));

  // Zoom in with the slider's keyboard, move with the arrows (once the picture is loaded).
  await expect(page.getByRole("button", { name: "Usar esta foto" })).toBeEnabled();
  const zoom = page.getByRole("slider", { name: "Zoom" });
  await zoom.focus();
  for (let i = 0; i < 10; i++) await zoom.press("ArrowRight");
  await expect(zoom).toHaveAttribute("aria-valuenow", "1.5");
  await cropArea.focus();
  await cropArea.press("ArrowLeft");
  await cropArea.press("ArrowUp");

  // What the browser sends is already the 500 × 500 JPEG crop.
  const sent = await sharp(await usePhoto(page)).metadata();
  expect([sent.format, sent.width, sent.height]).toEqual(["jpeg", 500, 500]);
  await expect(page.getByText("Foto subida.", { exact: false })).toBeVisible();
  await expect(page.getByRole("img", { name: "Foto actual del alumno" })).toBeVisible();
  await expect(cropArea).toBeHidden();
  // The keyboard is back on the photo's input, beside the new preview.
  await expect(page.getByRole("button", { name: /^Foto del alumno/ })).toBeFocused();

  await page
    .getByRole("radiogroup", { name: /uso de la foto de mi hijo o hija dentro/ })
    .getByLabel("Sí")
    .check();
  await page
    .getByRole("radiogroup", { name: /publicación de la foto/ })
    .getByLabel("No")
    .check();
  await page
    .getByRole("radiogroup", { name: /plataformas externas/ })
    .getByLabel("No")
    .check();
  await page
    .getByRole("radiogroup", { name: /conserve la foto/ })
    .getByLabel("Sí")
    .check();
  await expect(page.getByText("la versión 2025-09 de estos textos", { exact: false })).toBeVisible();
  await page.getByRole("button", { name: SAVE }).click();
  await expect(page).toHaveURL(/historial-academico-del-alumno$/);
  await expect(page.getByText("Registro actualizado correctamente")).toBeVisible();

  // The stored photo is 500 × 500.
  const saved = await stepData(page, fileId, "studentPhoto");
  expect(saved).toMatchObject({
    authorizeUse: true,
    authorizePublication: false,
    authorizeCommunication: false,
    authorizeConservation: true,
  });
  const stored = await page.request.get(`/api/enrollment/uploads/${saved.photoFileId}`);
  expect(stored.status()).toBe(200);
  const storedMeta = await sharp(await stored.body()).metadata();
  expect([storedMeta.format, storedMeta.width, storedMeta.height]).toEqual(["jpeg", 500, 500]);

  // Back on the step after a full load: the photo on file and the answers.
  await page.goto("/portal/inscripciones/foto-del-alumno");
  await expect(page.getByText("Esta es la foto registrada. Puede conservarla o elegir otra.")).toBeVisible();
  const current = page.getByRole("img", { name: "Foto actual del alumno" });
  await expect(current).toHaveAttribute("src", `/api/enrollment/uploads/${saved.photoFileId}`);
  await expect(
    page.getByRole("radiogroup", { name: /uso de la foto de mi hijo o hija dentro/ }).getByLabel("Sí"),
  ).toBeChecked();
  await expect(page.getByRole("radiogroup", { name: /publicación de la foto/ }).getByLabel("No")).toBeChecked();

  // Kept as it is: saving without choosing another photo keeps the one on file.
  await page.getByRole("button", { name: SAVE }).click();
  await expect(page).toHaveURL(/historial-academico-del-alumno$/);
  expect((await stepData(page, fileId, "studentPhoto")).photoFileId).toBe(saved.photoFileId);
  await page.goto("/portal/inscripciones/foto-del-alumno");
  await expect(current).toBeVisible();

  // Replace it: zoomed all the way in and moved to the right edge, the crop is all blue.
  await page.locator('input[type="file"]').setInputFiles({
    name: "dos-colores.jpg",
    mimeType: "image/jpeg",
    buffer: await twoColourPhoto(),
  });
  await expect(page.getByRole("button", { name: "Usar esta foto" })).toBeEnabled();
  await zoom.focus();
  await zoom.press("End");
  await expect(zoom).toHaveAttribute("aria-valuenow", "4");
  await cropArea.focus();
  for (let i = 0; i < 30; i++) await cropArea.press("Shift+ArrowLeft");
  const crop = sharp(await usePhoto(page));
  const [red, , blue] = (await crop.stats()).channels;
  expect(red?.mean).toBeLessThan(40);
  expect(blue?.mean).toBeGreaterThan(200);
  await expect(page.getByText("Foto subida.", { exact: false })).toBeVisible();

  // Once more, dragged with the mouse all the way right: the left edge, all red.
  await page.locator('input[type="file"]').setInputFiles({
    name: "dos-colores.jpg",
    mimeType: "image/jpeg",
    buffer: await twoColourPhoto(),
  });
  await expect(page.getByRole("button", { name: "Usar esta foto" })).toBeEnabled();
  await zoom.focus();
  await zoom.press("End");
  const box = await cropArea.boundingBox();
  if (!box) throw new Error("crop area not laid out");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 2000, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  const dragged = (await sharp(await usePhoto(page)).stats()).channels;
  expect(dragged[0]?.mean).toBeGreaterThan(200);
  expect(dragged[2]?.mean).toBeLessThan(40);

  await page.getByRole("button", { name: SAVE }).click();
  await expect(page).toHaveURL(/historial-academico-del-alumno$/);
  const replaced = await stepData(page, fileId, "studentPhoto");
  expect(replaced.photoFileId).not.toBe(saved.photoFileId);
  expect(replaced.authorizeUse).toBe(true);
});

test("school transport: the bus needs its conditions accepted", async ({ page }) => {
  await signIn(page, "familia1@demo.local", { path: null });
  const fileId = await startNewFile(page);
  await saveStepsBefore(page, fileId, "schoolTransport");
  await openWizardStep(page, fileId, "informacion-servicio-de-transporte-escolar");
  await expect(page.getByRole("heading", { name: "Servicio de transporte escolar", level: 1 })).toBeVisible();

  await page.getByRole("button", { name: SAVE }).click();
  await expect(page.getByText("Complete todos los campos obligatorios del formulario")).toBeVisible();
  await expect(page.getByText("Este campo es obligatorio")).toBeVisible();

  const wantsBus = page.getByRole("radiogroup", { name: "¿Desea el servicio de bus escolar para su hijo o hija?" });
  await expect(page.getByRole("heading", { name: "Condiciones del servicio de transporte escolar" })).toBeHidden();
  await wantsBus.getByLabel("Sí").check();
  await expect(page.getByRole("heading", { name: "Condiciones del servicio de transporte escolar" })).toBeVisible();
  await expect(page.getByText("5 minutos antes de la hora indicada", { exact: false })).toBeVisible();
  await page.getByRole("button", { name: SAVE }).click();
  await expect(page.getByText("Debe aceptar las condiciones del servicio de transporte escolar")).toBeVisible();

  const accept = page.getByRole("checkbox", {
    name: "He leído y acepto las condiciones del servicio de transporte escolar",
  });
  await accept.check();
  await page.getByRole("button", { name: SAVE }).click();
  await expect(page).toHaveURL(/autorizacion-de-salida$/);
  expect(await stepData(page, fileId, "schoolTransport")).toEqual({ wantsBus: true, acceptsConditions: true });

  // Reloaded: the answers are there. Without the bus, the conditions go away.
  await page.goto("/portal/inscripciones/informacion-servicio-de-transporte-escolar");
  await expect(wantsBus.getByLabel("Sí")).toBeChecked();
  await expect(accept).toBeChecked();
  await wantsBus.getByLabel("No").check();
  await expect(accept).toBeHidden();
  await page.getByRole("button", { name: SAVE }).click();
  await expect(page).toHaveURL(/autorizacion-de-salida$/);
  expect(await stepData(page, fileId, "schoolTransport")).toEqual({ wantsBus: false, acceptsConditions: false });
});

test("exit authorization: exit alone only for the upper years; 16:00 and the notary shown", async ({ page }) => {
  await signIn(page, "familia1@demo.local", { path: null });
  const fileId = await startNewFile(page);
  await saveStepsBefore(page, fileId, "exitAuthorization");
  await openWizardStep(page, fileId, "autorizacion-de-salida");
  await expect(page.getByRole("heading", { name: "Autorización de salida", level: 1 })).toBeVisible();

  // CM2 (the level saved by saveStepsBefore): no exit alone, midday break or free periods.
  await expect(page.getByText("La jornada escolar termina a las 16:00.")).toBeVisible();
  await expect(page.getByText("solo es válida notarizada", { exact: false })).toBeVisible();
  await expect(page.getByTestId("exit-level")).toContainText("CM2");
  await expect(page.getByTestId("exit-alone-not-offered")).toContainText("solo para los alumnos de Seconde");
  await expect(page.getByRole("checkbox")).toHaveCount(0);

  await page.getByRole("button", { name: SAVE }).click();
  await expect(page.getByText("Complete todos los campos obligatorios del formulario")).toBeVisible();
  await expect(page.getByText("Elija una opción de la lista")).toBeVisible();
  await expect(page.getByText("Este campo es obligatorio")).toHaveCount(3);

  await page.getByLabel("La institución mantenga a mi hijo o hija bajo su cuidado", { exact: false }).check();
  await page
    .getByRole("radiogroup", { name: /publicación de la imagen/ })
    .getByLabel("No")
    .check();
  await page
    .getByRole("radiogroup", { name: /competencias y eventos/ })
    .getByLabel("Sí")
    .check();
  await page
    .getByRole("radiogroup", { name: /salidas pedagógicas/ })
    .getByLabel("Sí")
    .check();
  await page.getByRole("button", { name: SAVE }).click();
  await expect(page).toHaveURL(/ficha-medica$/);
  expect(await stepData(page, fileId, "exitAuthorization")).toEqual({
    emergencyPreference: "WAIT_EVACUATION",
    publishImage: false,
    events: true,
    pedagogicExits: true,
    exitAlone: false,
    middayBreak: false,
    freePeriods: false,
  });

  // The same student requesting Seconde (a new student may request any level).
  const file = (await (await page.request.get(`/api/enrollment/files/${fileId}`)).json()) as { schoolYearId: number };
  const level = await page.request.put(`/api/enrollment/files/${fileId}/steps/enrollmentYear`, {
    headers: sameOrigin(),
    data: { schoolYearId: file.schoolYearId, levelCode: "2NDE" },
  });
  expect(level.status(), await level.text()).toBe(200);

  await page.goto("/portal/inscripciones/autorizacion-de-salida");
  await expect(page.getByTestId("exit-level")).toContainText("Seconde");
  const exitAlone = page.getByRole("checkbox", {
    name: /salir solo de la institución al terminar la jornada, a las 16:00/,
  });
  const middayBreak = page.getByRole("checkbox", { name: /pausa del mediodía, de 11:45 a 12:45/ });
  const freePeriods = page.getByRole("checkbox", { name: /horas libres/ });
  await expect(exitAlone).not.toBeChecked();
  await expect(page.getByText("solo es válida notarizada", { exact: false })).toBeVisible();
  // The earlier answers are kept.
  await expect(
    page.getByLabel("La institución mantenga a mi hijo o hija bajo su cuidado", { exact: false }),
  ).toBeChecked();
  await exitAlone.check();
  await middayBreak.check();
  await page.getByRole("button", { name: SAVE }).click();
  await expect(page).toHaveURL(/ficha-medica$/);

  await page.goto("/portal/inscripciones/autorizacion-de-salida");
  await expect(exitAlone).toBeChecked();
  await expect(middayBreak).toBeChecked();
  await expect(freePeriods).not.toBeChecked();
  expect(await stepData(page, fileId, "exitAuthorization")).toMatchObject({
    exitAlone: true,
    middayBreak: true,
    freePeriods: false,
  });
});
