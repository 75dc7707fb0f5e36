import { saveDownload } from "../../../lib/save-download.ts";

/**
 * The two PDFs of a sent file (docs/api.md "Documents"): the server keeps each once drawn and
 * draws it again when what it shows changed, or when asked ("generate a new report").
 */
export const FILE_DOCUMENTS = ["summary", "to-sign"] as const;
export type FileDocument = (typeof FILE_DOCUMENTS)[number];

export function documentUrl(fileId: number, document: FileDocument, regenerate = false): string {
  return `/api/enrollment/files/${fileId}/documents/${document}${regenerate ? "?regenerate=true" : ""}`;
}

/** Fetches a PDF and hands it to the browser as a download (never kept in the browser). */
export function downloadDocument(fileId: number, document: FileDocument, regenerate = false): Promise<void> {
  return saveDownload(documentUrl(fileId, document, regenerate), `${document}.pdf`);
}
