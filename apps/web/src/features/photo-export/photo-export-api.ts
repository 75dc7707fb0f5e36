import type { PhotoExportSummary } from "@portal/shared/schemas/photo-exports";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { fetchOk, http } from "../../lib/http.ts";
import { i18n } from "../../lib/i18n.ts";
import { readStream } from "../../lib/save-download.ts";

export const PHOTO_EXPORT_SUMMARY_KEY = ["photo-export-summary"] as const;

/** GET /api/reports/photos/summary: the counts for the filters (the previous ones stay while the next load). */
export function usePhotoExportSummary(apiQuery: string) {
  return useQuery({
    queryKey: [...PHOTO_EXPORT_SUMMARY_KEY, apiQuery],
    queryFn: () => http.get<PhotoExportSummary>(`/api/reports/photos/summary?${apiQuery}`),
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /api/reports/photos: reads the ZIP's stream chunk by chunk, telling `onProgress` the bytes
 * received; the chunks stay in memory (never in browser storage) until they are saved as one file.
 * A refusal is the server's ApiError; a cut stream is an ApiError DOWNLOAD_CUT; `signal` aborts.
 */
export async function fetchPhotoZip(
  apiQuery: string,
  opts: { signal: AbortSignal; onProgress: (received: number) => void },
): Promise<{ blob: Blob; filename: string }> {
  const response = await fetchOk(`/api/reports/photos?${apiQuery}`, { method: "GET", signal: opts.signal });
  return readStream(response, {
    fallbackName: "photos.zip",
    cutMessage: i18n.t("photoExport:download.cut"),
    onChunk: (_chunk, received) => opts.onProgress(received),
  });
}
