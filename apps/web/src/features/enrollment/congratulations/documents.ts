import { download } from "../../../lib/http.ts";

/** The two PDFs of a sent file (docs/api.md "Documents"), generated on the server on demand. */
export const FILE_DOCUMENTS = ["summary", "to-sign"] as const;
export type FileDocument = (typeof FILE_DOCUMENTS)[number];

export function documentUrl(fileId: number, document: FileDocument): string {
  return `/api/enrollment/files/${fileId}/documents/${document}`;
}

/**
 * Fetches a generated PDF and hands it to the browser as a download. The PDF stays in memory
 * (an object URL released right after), never in browser storage.
 */
export async function downloadDocument(fileId: number, document: FileDocument): Promise<void> {
  const { blob, filename } = await download(documentUrl(fileId, document), `${document}.pdf`);
  const url = URL.createObjectURL(blob);
  try {
    const link = window.document.createElement("a");
    link.href = url;
    link.download = filename;
    window.document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
