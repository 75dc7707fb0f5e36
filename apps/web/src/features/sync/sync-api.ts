import type { BueExportFormat, SyncBatch, SyncImportResult, SyncList, SyncRequest } from "@portal/shared/schemas/sync";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { dispositionFilename } from "../../lib/content-disposition.ts";
import { download, fetchOk, http, upload } from "../../lib/http.ts";

/** Sync with the BUE: the calls of the sync page and the request's BUE page. */

export const SYNC_QUERY_KEY = ["sync"] as const;

export function useSyncList(state: "" | "pending" | "migrated", page: number) {
  const query = new URLSearchParams({ page: String(page), ...(state ? { state } : {}) }).toString();
  return useQuery({
    queryKey: [...SYNC_QUERY_KEY, "list", query],
    queryFn: () => http.get<SyncList>(`/api/sync?${query}`),
    placeholderData: keepPreviousData,
  });
}

export function useSyncBatches(schoolYearId: number | undefined) {
  return useQuery({
    queryKey: [...SYNC_QUERY_KEY, "batches", schoolYearId],
    queryFn: () => http.get<{ items: SyncBatch[] }>(`/api/sync/exports?schoolYearId=${schoolYearId}`),
    enabled: schoolYearId !== undefined,
  });
}

export function useSyncRequest(id: number) {
  return useQuery({
    queryKey: [...SYNC_QUERY_KEY, "request", id],
    queryFn: () => http.get<SyncRequest>(`/api/sync/requests/${id}`),
    enabled: id > 0,
  });
}

/** POST /api/sync/exports: the file, its name and how many students it marked. */
export async function exportForSync(
  schoolYearId: number,
  format: BueExportFormat,
): Promise<{ blob: Blob; filename: string; rowCount: number }> {
  const response = await fetchOk("/api/sync/exports", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ schoolYearId, format }),
  });
  return {
    blob: await response.blob(),
    filename: dispositionFilename(response.headers.get("Content-Disposition"), `bue.${format}`),
    rowCount: Number(response.headers.get("X-Row-Count") ?? 0),
  };
}

export function downloadBatch(id: number, format: BueExportFormat) {
  return download(`/api/sync/exports/${id}?format=${format}`, `bue-batch-${id}.${format}`);
}

export function importCodes(file: File) {
  return upload<SyncImportResult>("/api/sync/imports", file);
}

export interface CodesBody {
  studentCode: string;
  rep1ContactCodeBue: string;
  rep2ContactCodeBue: string;
  version: number;
}

export function saveCodes(id: number, body: CodesBody) {
  return http.put<SyncRequest>(`/api/sync/requests/${id}/codes`, body);
}
