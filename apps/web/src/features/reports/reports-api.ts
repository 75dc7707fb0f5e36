import type { ExportFormat, ReportId, ReportPage } from "@portal/shared/schemas/reports";
import type { CatalogItem } from "@portal/shared/schemas/responses";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { fetchOk, http } from "../../lib/http.ts";
import { i18n } from "../../lib/i18n.ts";
import { readStream } from "../../lib/save-download.ts";

/** GET /api/reports/<report>: one page (the previous page stays on screen while the next loads). */
export function useReportPage(report: ReportId, apiQuery: string) {
  return useQuery({
    queryKey: ["report", report, apiQuery, i18n.language],
    queryFn: () => http.get<ReportPage>(`/api/reports/${report}?${apiQuery}`),
    placeholderData: keepPreviousData,
  });
}

/** The levels' labels in the user's language, for the level filter. */
export function useLevelOptions() {
  return useQuery({
    queryKey: ["catalog", "levels", i18n.language],
    queryFn: () => http.get<CatalogItem[]>("/api/catalogs/levels"),
  });
}

export interface ExportProgress {
  /** Rows announced by the server (X-Total-Rows), when known. */
  total: number | null;
  /** Bytes received so far. */
  bytes: number;
  /** CSV: rows received so far (line ends counted, header excluded); XLSX: null. */
  rows: number | null;
}

/**
 * Downloads an export by reading its stream, telling `onProgress` what arrived; the file stays in
 * memory (never browser storage) until saved. A refusal is the server's ApiError; a stream cut
 * half-way is an ApiError "DOWNLOAD_CUT", so the screen says it failed instead of waiting.
 */
export async function fetchExport(
  path: string,
  format: ExportFormat,
  onProgress: (progress: ExportProgress) => void,
): Promise<{ blob: Blob; filename: string }> {
  const response = await fetchOk(path, { method: "GET" });
  const header = response.headers.get("X-Total-Rows");
  const total = header === null ? null : Number(header);
  let lines = 0;
  return readStream(response, {
    fallbackName: `report.${format}`,
    cutMessage: i18n.t("reports:exportFailed"),
    onChunk: (chunk, bytes) => {
      if (format === "csv") for (const byte of chunk) if (byte === 10) lines += 1;
      onProgress({ total, bytes, rows: format === "csv" ? Math.max(0, lines - 1) : null });
    },
  });
}
