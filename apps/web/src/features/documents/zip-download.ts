import { fetchOk } from "../../lib/http.ts";
import { readStream, saveBlob } from "../../lib/save-download.ts";

/**
 * Downloads the documents ZIP while reporting the bytes received (the server streams it, so its
 * size is not known in advance), then hands it to the browser. A refusal is the server's ApiError;
 * a cut stream a DOWNLOAD_CUT one — the page says either.
 */
export async function downloadZip(path: string, onProgress: (bytes: number) => void, signal?: AbortSignal) {
  const response = await fetchOk(path, { method: "GET", signal });
  const { blob, filename } = await readStream(response, {
    fallbackName: "documents.zip",
    onChunk: (_chunk, received) => onProgress(received),
  });
  saveBlob(blob, filename);
}
