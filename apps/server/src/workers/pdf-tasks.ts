import type { Language } from "@portal/shared/languages";
import type { DocumentsSource } from "../modules/enrollment/documents/document-source.ts";
import { renderDocumentsToSign } from "../modules/enrollment/documents/documents-to-sign.ts";
import { renderRegistrationSummary } from "../modules/enrollment/documents/registration-summary.ts";

/*
 * The PDF work that takes the CPU for hundreds of milliseconds (issue #13): drawing the enrollment
 * documents. It runs in worker threads (lib/pdf-pool.ts) so the event loop keeps answering
 * meanwhile; uploaded PDFs are rebuilt in threads of their own (pdf-clean-tasks.ts). Only plain
 * data crosses: the documents' source (objects and Maps) in, bytes out.
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
