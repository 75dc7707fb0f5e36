import { fileTypeFromBuffer } from "file-type";
import { AppError } from "./errors.ts";
import { cleanInWorker } from "./pdf-pool.ts";

/**
 * What an upload endpoint stores for a PDF: the upload rebuilt without active content. Refused
 * with UPLOAD_NOT_PDF unless the magic bytes say PDF and pdf-lib reads a page (pdf-lib "loads" a
 * PDF header glued onto anything as an empty document; the page count tells them apart).
 */
export async function storablePdf(bytes: Buffer): Promise<Buffer> {
  if ((await fileTypeFromBuffer(bytes))?.mime !== "application/pdf") throw new AppError(400, "UPLOAD_NOT_PDF");
  // In a worker thread: parsing and rebuilding a 5 MB PDF would stall every request.
  const cleaned = await cleanInWorker(bytes);
  if (!cleaned) throw new AppError(400, "UPLOAD_NOT_PDF");
  return Buffer.from(cleaned.buffer, cleaned.byteOffset, cleaned.byteLength);
}
