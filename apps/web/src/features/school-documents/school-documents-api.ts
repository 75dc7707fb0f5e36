import type { Language } from "@portal/shared/languages";
import { catalogItemSchema } from "@portal/shared/schemas/responses";
import {
  type SchoolDocumentAdmin,
  type SchoolDocumentDraftInput,
  type SchoolDocumentPreviewInput,
  type SchoolDocumentPreviewResult,
  type SchoolDocumentRule,
  type SchoolDocumentsAdmin,
  schoolDocumentAdminSchema,
  schoolDocumentPreviewResultSchema,
  schoolDocumentsAdminSchema,
} from "@portal/shared/schemas/school-documents";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { http } from "../../lib/http.ts";

export const SCHOOL_DOCUMENTS_QUERY_KEY = ["settings", "documents"] as const;
const BASE = "/api/settings/documents";

/** The session's school year's documents (staff switch years from the header). */
export function useSchoolDocuments() {
  return useQuery({
    queryKey: SCHOOL_DOCUMENTS_QUERY_KEY,
    queryFn: async (): Promise<SchoolDocumentsAdmin> => schoolDocumentsAdminSchema.parse(await http.get(BASE)),
  });
}

export async function saveDraft(id: number, body: SchoolDocumentDraftInput): Promise<SchoolDocumentAdmin> {
  return schoolDocumentAdminSchema.parse(await http.put(`${BASE}/${id}/draft`, body));
}

export async function publishDraft(id: number, expectedVersion: number): Promise<SchoolDocumentAdmin> {
  return schoolDocumentAdminSchema.parse(await http.post(`${BASE}/${id}/publish`, { expectedVersion }));
}

export async function saveRule(
  id: number,
  body: Omit<SchoolDocumentRule, "expectedVersion"> & { expectedVersion: number },
): Promise<SchoolDocumentAdmin> {
  return schoolDocumentAdminSchema.parse(await http.put(`${BASE}/${id}/rule`, body));
}

export async function createDocument(schoolYearId: number, titles: Record<Language, string>) {
  return schoolDocumentAdminSchema.parse(await http.post(BASE, { schoolYearId, titles }));
}

export async function saveFees(schoolYearId: number, texts: Record<Language, string>, expectedVersion: number) {
  return schoolDocumentsAdminSchema.parse(
    await http.put(`/api/settings/document-fees/${schoolYearId}`, { texts, expectedVersion }),
  );
}

export async function previewWithRequest(
  id: number,
  body: SchoolDocumentPreviewInput,
): Promise<SchoolDocumentPreviewResult> {
  return schoolDocumentPreviewResultSchema.parse(await http.post(`${BASE}/${id}/preview`, body));
}

export const previewPdfUrl = (id: number, language: Language, requestCode: string) =>
  `${BASE}/${id}/preview.pdf?${new URLSearchParams({ language, requestCode }).toString()}`;

export function useLevels() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...SCHOOL_DOCUMENTS_QUERY_KEY, "levels", i18n.language],
    queryFn: async () => catalogItemSchema.array().parse(await http.get("/api/catalogs/levels")),
    staleTime: 5 * 60_000,
  });
}
