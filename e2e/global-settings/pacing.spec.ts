import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import type { RequestTime } from "../../apps/server/src/plugins/request-times.ts";
import { everyStepBody } from "../../apps/server/test/support/documents.ts";
import { registerAccount } from "../support/accounts.ts";
import { downloadPdf } from "../support/documents.ts";
import { sameOrigin } from "../support/session.ts";
import { jpegPhoto, openWizardStep, startNewFile } from "../support/wizard.ts";

/*
 * The pacing check (docs/architecture.md "Tests"): a family's whole journey —
 * sign-up, sign-in, every step saved with its photos and PDFs, the summary, the send, the
 * documents — and not one request over LIMIT_MS on the server. The times are the server's own
 * (REQUEST_TIMES_FILE, scripts/e2e-server.mjs), not the browser's. In this serial project the
 * journey runs alone, after the parallel specs: two browsers on a 2-core machine would measure
 * the machine, not the portal.
 */
const LIMIT_MS = 500;

test.use({ locale: "en-US", viewport: { width: 390, height: 844 } });

function requestTimes(since: number): RequestTime[] {
  const file = path.join(process.env.E2E_DATA_DIR ?? "", "request-times.jsonl");
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as RequestTime)
    .filter((request) => request.at >= since);
}

const describe = (request: RequestTime) =>
  `${String(Math.round(request.ms)).padStart(5)} ms  ${request.method} ${request.route ?? request.url} → ${request.status}`;

/** A PDF like a family's scan with text: five A4 pages, about 19 KB. */
async function scannedPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const words = ["certificado", "vacunación", "dosis", "refuerzo", "fecha", "centro de salud", "lote"];
  for (let pageIndex = 0; pageIndex < 5; pageIndex += 1) {
    const page = doc.addPage([595, 842]);
    for (let y = 800, line = 0; y > 40; y -= 12, line += 1) {
      const text = Array.from({ length: 9 }, (_, i) => `${words[(line * 7 + i) % words.length]} ${line * 31 + i}`);
      page.drawText(text.join(" "), { x: 30, y, size: 9, font });
    }
  }
  return Buffer.from(await doc.save());
}

async function upload(
  page: Page,
  fileId: number,
  kind: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const response = await page.request.post(`/api/enrollment/files/${fileId}/uploads?kind=${kind}`, {
    headers: sameOrigin(),
    multipart: { file },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

test("a family's journey, from sign-up to the documents: no request over 500 ms on the server", async ({ page }) => {
  const since = Date.now();
  await registerAccount(page, "pacing");
  await expect(page).toHaveURL(/\/bienvenido$/);

  // Every step as the wizard saves it, its photos and PDFs uploaded first (a real-size PDF each).
  const fileId = await startNewFile(page);
  const file = await page.request.get(`/api/enrollment/files/${fileId}`);
  const { schoolYearId } = (await file.json()) as { schoolYearId: number };
  const pdf = await scannedPdf();
  const photo = await jpegPhoto(1600, 1200);
  const bodies = await everyStepBody({
    schoolYearId,
    pdf: (kind) => upload(page, fileId, kind, { name: `${kind}.pdf`, mimeType: "application/pdf", buffer: pdf }),
    photo: (kind) => upload(page, fileId, kind, { name: `${kind}.jpg`, mimeType: "image/jpeg", buffer: photo }),
  });
  for (const [name, body] of bodies) {
    const opened = await page.request.get(`/api/enrollment/files/${fileId}/steps/${name}`);
    expect(opened.status()).toBe(200);
    const saved = await page.request.put(`/api/enrollment/files/${fileId}/steps/${name}`, {
      headers: sameOrigin(),
      data: body as object,
    });
    expect(saved.status(), `${name}: ${await saved.text()}`).toBe(200);
  }

  // The summary, the send and the documents, on the screens.
  await openWizardStep(page, fileId, "resumen-del-registro");
  await page.getByRole("button", { name: "Validar y enviar" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Validar y enviar" }).click();
  await expect(page).toHaveURL(/\/felicitaciones$/);
  const summary = await downloadPdf(page, "Descargar el resumen (PDF)");
  expect(summary.pages.length).toBeGreaterThan(0);

  const journey = requestTimes(since);
  expect(journey.filter((request) => request.route?.endsWith("/uploads")).length).toBeGreaterThan(5);
  const slowest = [...journey].sort((a, b) => b.ms - a.ms);
  const report = `${journey.length} requests; the slowest:\n${slowest.slice(0, 8).map(describe).join("\n")}`;
  console.log(`Pacing check: ${report}`);
  test.info().annotations.push({ type: "pacing", description: report });
  const over = slowest.filter((request) => request.ms > LIMIT_MS).map(describe);
  expect(over, `requests over ${LIMIT_MS} ms on the server`).toEqual([]);
});
