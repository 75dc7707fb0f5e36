import { ApiError } from "./api-error.ts";
import { dispositionFilename } from "./content-disposition.ts";
import { download } from "./http.ts";
import { i18n } from "./i18n.ts";

/**
 * Hands a file to the browser as a download. The content stays in memory (an object URL released
 * shortly after), never in browser storage.
 */
export function saveBlob(blob: Blob, filename: string): void {
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

/**
 * GETs a generated file (a PDF, an export) and hands it to the browser as a download; a failure is
 * the call's ApiError, for the screen to say.
 */
export async function saveDownload(path: string, fallbackName: string): Promise<void> {
  const { blob, filename } = await download(path, fallbackName);
  saveBlob(blob, filename);
}

/** Raised when a stream stops before its end (network cut, server failure half-way). */
export const DOWNLOAD_CUT = "DOWNLOAD_CUT";

/**
 * Reads a streamed answer (fetchOk's response) chunk by chunk, telling `onChunk` each chunk and the
 * bytes received so far, for a progress line; the chunks stay in memory until saved as one file.
 * A stream cut half-way is an ApiError DOWNLOAD_CUT saying `cutMessage` (an abort stays an abort),
 * so the screen says it failed instead of waiting.
 */
export async function readStream(
  response: Response,
  opts: { fallbackName: string; cutMessage?: string; onChunk: (chunk: Uint8Array, received: number) => void },
): Promise<{ blob: Blob; filename: string }> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  try {
    const reader = response.body?.getReader();
    for (;;) {
      if (!reader) break;
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value as Uint8Array<ArrayBuffer>);
      received += value.byteLength;
      opts.onChunk(value, received);
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, DOWNLOAD_CUT, opts.cutMessage ?? i18n.t("common:errors.network"));
  }
  const type = response.headers.get("Content-Type") ?? "application/octet-stream";
  return {
    blob: new Blob(chunks, { type }),
    filename: dispositionFilename(response.headers.get("Content-Disposition"), opts.fallbackName),
  };
}
