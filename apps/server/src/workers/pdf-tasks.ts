import type { Language } from "@portal/shared/languages";
import type { DocumentsSource } from "../modules/enrollment/documents/document-source.ts";
import { renderDocumentsToSign } from "../modules/enrollment/documents/documents-to-sign.ts";
import { renderRegistrationSummary } from "../modules/enrollment/documents/registration-summary.ts";
import { drawSignedPdf, type SignedPdfInput } from "../modules/signing/signing-final-pdf.ts";

/*
 * The PDF work that takes the CPU for hundreds of milliseconds: drawing the enrollment
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

export type SignedTask = SignedPdfInput;

/** The final signed PDF of a document signed online (modules/signing/signing-final.service.ts). */
export function drawSigned(input: SignedTask): Promise<Uint8Array> {
  return drawSignedPdf(input);
}

/**
 * Run once as the thread starts (lib/pdf-pool.ts, startPdfWorkers): a thread's first drawing took
 * 2–4 s on a busy 2-core machine (the fonts read, the code compiled), the next ones 0.1–0.2 s. An
 * empty draft draws both documents.
 */
export async function warmUp(): Promise<boolean> {
  const source = {
    fileId: 0,
    familyUserId: 0,
    status: "draft",
    studentName: "",
    studentDocument: "",
    levelCode: null,
    schoolYearLabel: "",
    isNewStudent: true,
    request: null,
    steps: {},
    consents: new Map(),
    uploads: new Map(),
    labels: new Map(),
    school: { name: "", accent: "#000000" },
    constants: {},
    // One school document, so its Markdown drawing is compiled too.
    schoolDocuments: [
      {
        documentId: 0,
        key: "contract",
        builtIn: true,
        online: false,
        versionId: 0,
        titles: { es: "", en: "", fr: "" },
        bodies: { es: "# -\n\n**-** *-*\n\n- {{studentName}}", en: "", fr: "" },
      },
    ],
    feesText: { es: "", en: "", fr: "" },
  } as unknown as DocumentsSource;
  await renderRegistrationSummary(source, "es");
  await renderDocumentsToSign(source, "es");
  return true;
}
