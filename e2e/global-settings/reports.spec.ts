import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { signIn } from "../support/session.ts";

// The login screen is English for this browser; the demo staff then work in Spanish.
test.use({ locale: "en-US" });

const REPORT = "/portal/reports/student-information";

/** The portal's CSV: BOM, `;`, CRLF, every cell quoted. */
function parseCsv(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter((line) => line !== "")
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"(?:;|$)/g)].map((m) => m[1]!.replaceAll('""', '"')));
}

async function download(page: Page, button: string) {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: button }).click()]);
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path()) as string) };
}

test("a Secretaria filters the student report to one level, chooses columns and exports XLSX and CSV", async ({
  page,
}) => {
  await signIn(page, "secretaria@demo.local", { path: REPORT });
  await expect(page.getByRole("heading", { level: 1, name: "Información de estudiantes" })).toBeVisible();
  const table = page.getByRole("table", { name: "Filas del informe" });
  await expect(table).toBeVisible();

  // The level of the first row, chosen in the level filter.
  const levelIndex = await table.getByRole("columnheader").allInnerTexts();
  const levelColumn = levelIndex.findIndex((text) => text.startsWith("Nivel"));
  const levelLabel = (await table.getByRole("row").nth(1).getByRole("cell").nth(levelColumn).innerText()).trim();
  await page.getByLabel("Nivel", { exact: true }).selectOption({ label: levelLabel });
  await expect(page).toHaveURL(/level=/);
  const level = new URL(page.url()).searchParams.get("level")!;

  // The rows the server has for that level (the API the page reads).
  const api = await page.request.get(`/api/reports/students?level=${level}&columns=code&pageSize=100`);
  const expected = ((await api.json()) as { rows: string[][]; total: number }).rows.map((row) => row[0]).sort();
  await expect(page.getByTestId("report-row-count")).toHaveText(`${expected.length} filas`);

  // Columns: drop the document number, add the e-mail and, from the finance group, the payment
  // method (kept in the URL).
  await page.getByRole("button", { name: "Columnas" }).click();
  // The choice goes through the URL (a navigation), so the box changes once the page has re-read it.
  await page.getByRole("checkbox", { name: "Número de documento" }).click();
  await expect(page.getByRole("checkbox", { name: "Número de documento" })).not.toBeChecked();
  await page.getByRole("checkbox", { name: "Correo electrónico" }).click();
  await expect(page.getByRole("checkbox", { name: "Correo electrónico" })).toBeChecked();
  const finance = page.getByRole("group", { name: "Finanzas" });
  await finance.getByRole("checkbox", { name: "Forma de pago" }).click();
  await expect(finance.getByRole("checkbox", { name: "Forma de pago" })).toBeChecked();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/columns=code%2CstudentName%2Clevel%2Cstatus%2CbirthDate%2Cemail%2CpaymentMethod/);
  await expect(table.getByRole("columnheader", { name: "Correo electrónico" })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Número de documento" })).toHaveCount(0);

  const xlsx = await download(page, "Exportar XLSX");
  expect(xlsx.name).toMatch(/^informe-estudiantes-\d{4}-\d{2}-\d{2}\.xlsx$/);
  await expect(page.getByTestId("report-export-status")).toContainText("Exportación descargada");
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
    "Código",
    "Estudiante",
    "Nivel",
    "Estado",
    "Fecha de nacimiento",
    "Correo electrónico",
    "Forma de pago",
  ]);
  const methods = new Set(
    ((await (await page.request.get("/api/catalogs/paymentMethods")).json()) as { label: string }[]).map(
      (m) => m.label,
    ),
  );
  const codes: string[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    codes.push(String(row.getCell(1).value));
    expect(row.getCell(3).value).toBe(levelLabel);
    expect(row.getCell(5).value).toBeInstanceOf(Date);
    // The bursar reads the method's name, not its code.
    expect(methods).toContain(row.getCell(7).value);
  });
  expect(codes.sort()).toEqual(expected);

  const csv = await download(page, "Exportar CSV");
  expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = parseCsv(csv.bytes.toString("utf8"));
  expect(lines[0]).toEqual([
    "Código",
    "Estudiante",
    "Nivel",
    "Estado",
    "Fecha de nacimiento",
    "Correo electrónico",
    "Forma de pago",
  ]);
  expect(
    lines
      .slice(1)
      .map((line) => line[0])
      .sort(),
  ).toEqual(expected);
  expect(lines.slice(1).every((line) => line[2] === levelLabel)).toBe(true);

  // The photo export link carries the filters.
  await expect(page.getByRole("link", { name: "Exportar fotos" })).toHaveAttribute(
    "href",
    `/portal/reports/photo-export?photos=students&level=${level}`,
  );
});
