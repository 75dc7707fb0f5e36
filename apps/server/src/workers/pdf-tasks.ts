import type { Language } from "@portal/shared/languages";
import { cleanPdf as clean } from "../lib/pdf-clean.ts";
import type { DocumentsSource } from "../modules/enrollment/documents/document-source.ts";
import { renderDocumentsToSign } from "../modules/enrollment/documents/documents-to-sign.ts";
import { renderRegistrationSummary } from "../modules/enrollment/documents/registration-summary.ts";

/*
 * The PDF work that takes the CPU for tens to hundreds of milliseconds (issue #13): drawing the
 * enrollment documents and rebuilding uploaded PDFs. It runs in worker threads (lib/pdf-pool.ts)
 * so the event loop keeps answering meanwhile. Only plain data crosses: the documents' source
 * (objects and Maps) in, bytes out.
 */

export interface RenderTask {
  source: DocumentsSource;
  kind: "summary" | "to-sign";
  language: Language;
}

export function render({ source, kind, language }: RenderTask): Promise<Uint8Array> {
  return kind === "summary" ? renderRegistrationSummary(source, language) : renderDocumentsToSign(source, language);
}

// The same drawing, queued behind what someone waits for (lib/pdf-task-queue.ts).
export const renderInBackground = render;

export async function cleanUpload({ bytes }: { bytes: Uint8Array }): Promise<Uint8Array | undefined> {
  return clean(bytes);
}
