import { PDFDocument } from "pdf-lib";
import { cleanPdf } from "../lib/pdf-clean.ts";

/*
 * The upload-cleaning thread's tasks (lib/pdf-pool.ts). This module imports pdf-lib and nothing
 * else on purpose: the drawing thread's entry (pdf-tasks.ts) pulls in the database, sharp, the
 * fonts and the translations, and took 0.4–0.8 s to load on a 2-core machine, which the first
 * upload after an idle minute used to wait for (docs/adr/0005-pdf-worker-pools.md "Decision").
 */

export function cleanUpload(bytes: Uint8Array): Promise<Uint8Array | undefined> {
  return cleanPdf(bytes);
}

/** Run once as the thread starts: the first family's upload then finds pdf-lib's parser compiled. */
export async function warmUp(): Promise<boolean> {
  const doc = await PDFDocument.create();
  doc.addPage().drawText("warm-up");
  return (await cleanPdf(await doc.save())) !== undefined;
}
