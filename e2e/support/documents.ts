import fs from "node:fs";
import { expect, type Page } from "@playwright/test";
import { readPdfText } from "../../apps/server/test/support/pdf-text.ts";

/** Clicks a download button and reads the PDF it gives: its file name, pages and visible text. */
export async function downloadPdf(page: Page, button: string) {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: button }).click(),
  ]);
  const bytes = fs.readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  return { name: download.suggestedFilename(), ...(await readPdfText(bytes)) };
}
