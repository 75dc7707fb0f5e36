import type { MedicalRecordList } from "@portal/shared/schemas/medical-records";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { http } from "../../lib/http.ts";
import { saveDownload } from "../../lib/save-download.ts";

/** Health data: kept in the query cache in memory only (never persisted), dropped at logout. */
export const MEDICAL_RECORDS_QUERY_KEY = ["medical-records"] as const;

export function useMedicalRecords(query: string, enabled: boolean) {
  return useQuery({
    queryKey: [...MEDICAL_RECORDS_QUERY_KEY, query],
    queryFn: () => http.get<MedicalRecordList>(`/api/medical-records?${query}`),
    enabled,
    placeholderData: keepPreviousData,
    // Every read is audited: no background refetch on focus.
    refetchOnWindowFocus: false,
  });
}

/** The level's PDF, downloaded (never stored). */
export function downloadMedicalPdf(query: string, level: string): Promise<void> {
  return saveDownload(`/api/medical-records/pdf?${query}`, `medical-records-${level}.pdf`);
}
