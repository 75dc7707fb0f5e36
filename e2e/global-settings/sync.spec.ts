import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { signIn } from "../support/session.ts";

// Sync with the BUE: the Admin exports the demo year's students for the school's
// student database, imports the codes back, and finds them on the request's page. The login screen
// is English for this browser; the demo Admin then works in Spanish. Run alone: it counts and marks
// every eligible student of the year, which a parallel spec accepting a request would change.
test.use({ locale: "en-US", viewport: { width: 1440, height: 900 } });

/** A `;` CSV read back: BOM dropped, quotes undone. */
function parseCsv(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter((line) => line !== "")
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replaceAll('""', '"')));
}

const csvFile = (text: string) => ({
  name: "codigos-bue.csv",
  mimeType: "text/csv",
  buffer: Buffer.from(text, "utf8"),
});

test("an Admin exports for the BUE, imports the codes back and sees them on the request's BUE page", async ({
  page,
}) => {
  await signIn(page, "admin@demo.local", { path: "/portal/sync" });
  await expect(page.getByRole("heading", { level: 1, name: "Sincronización" })).toBeVisible();
  const pending = Number(await page.getByTestId("sync-count-pending").textContent());
  expect(pending).toBeGreaterThan(0);

  // Export: a confirmation naming how many students it marks, then the CSV.
  await page.getByRole("button", { name: "Exportar CSV" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(`Esto marca ${pending} alumnos como migrados`);
  const downloading = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Exportar y marcar" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^bue-.*\.csv$/);
  const text = await readFile((await download.path())!, "utf8");
  expect(text.startsWith("\uFEFF")).toBe(true);
  const [header, ...rows] = parseCsv(text);
  expect(header?.slice(0, 5)).toEqual(["requestCode", "schoolYear", "levelCode", "isNewStudent", "studentCode"]);
  expect(rows).toHaveLength(pending);
  await expect(page.getByTestId("sync-count-pending")).toHaveText("0");
  await expect(page.getByTestId("sync-count-migrated")).toHaveText(String(pending));
  await expect(page.getByRole("table", { name: "Sincronización con la BUE" })).toContainText("Migrado el");

  const code = rows[0]![0]!;
  const fileInput = page.locator('input[type="file"]');

  // A file with an unknown request: each bad line listed, nothing imported.
  await fileInput.setInputFiles(csvFile(`${code};ST-E2E-1\nINS-NO-EXISTE;ST-E2E-2\n`));
  await page.getByRole("button", { name: "Importar", exact: true }).click();
  const errors = page.getByRole("table", { name: "Líneas con errores (no se importó nada)" });
  await expect(errors.getByRole("row", { name: /2 No existe ninguna solicitud con este código/ })).toBeVisible();
  await expect(errors.getByRole("row")).toHaveCount(2);

  // The corrected file (with a BOM and commas, as a spreadsheet saves it) fills the codes.
  await fileInput.setInputFiles(
    csvFile(`\uFEFFrequestCode,studentCode,rep1ContactCodeBue\r\n${code},ST-E2E-1,CT-E2E-1\r\n`),
  );
  await page.getByRole("button", { name: "Importar", exact: true }).click();
  await expect(page.getByText("1 solicitudes actualizadas (1 líneas leídas).")).toBeVisible();
  await expect(errors).toHaveCount(0);

  // The request's BUE page: the codes, the state, the row as exported.
  await page.getByRole("link", { name: code, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(code);
  await expect(page.getByLabel("Código de alumno")).toHaveValue("ST-E2E-1");
  await expect(page.getByLabel("Código de contacto BUE del representante 1")).toHaveValue("CT-E2E-1");
  await expect(page.getByTestId("bue-state")).toContainText("Migrado el");
  const preview = page.getByRole("table", { name: "Fila que se exporta" });
  await expect(preview.getByRole("row", { name: /Código de alumno \(studentCode\)/ })).toContainText("ST-E2E-1");

  // Edited by hand, saved, and the request's detail page links back to it.
  await page.getByLabel("Código de alumno").fill("ST-E2E-9");
  await page.getByRole("button", { name: "Guardar códigos" }).click();
  await expect(page.getByText("Códigos guardados.")).toBeVisible();
  await expect(preview.getByRole("row", { name: /Código de alumno \(studentCode\)/ })).toContainText("ST-E2E-9");
  await page.getByRole("link", { name: "Volver a la solicitud" }).click();
  await page.getByRole("link", { name: "Migración BUE de la solicitud" }).click();
  await expect(page.getByLabel("Código de alumno")).toHaveValue("ST-E2E-9");
});
