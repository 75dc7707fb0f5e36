import { saveDownload } from "../../../lib/save-download.ts";

/** The two PDFs of a sent file (docs/api.md "Documents"), generated on the server on demand. */
export const FILE_DOCUMENTS = ["summary", "to-sign"] as const;
export type FileDocument = (typeof FILE_DOCUMENTS)[number];

export function documentUrl(fileId: number, document: FileDocument): string {
  return `/api/enrollment/files/${fileId}/documents/${document}`;
}

/** Fetches a generated PDF and hands it to the browser as a download (never stored). */
export function downloadDocument(fileId: number, document: FileDocument): Promise<void> {
  return saveDownload(documentUrl(fileId, document), `${document}.pdf`);
}
