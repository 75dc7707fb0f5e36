import fs from "node:fs";
import { expect, type Locator, type Page } from "@playwright/test";
import { readPdfText } from "../../apps/server/test/support/pdf-text.ts";

/**
 * Clicks a download button (in `within`, when the page has several of that name) and reads the PDF
 * it gives: its file name, pages and visible text.
 */
export async function downloadPdf(page: Page, button: string, within: Page | Locator = page) {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    within.getByRole("button", { name: button }).click(),
  ]);
  const bytes = fs.readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  return { name: download.suggestedFilename(), ...(await readPdfText(bytes)) };
}
