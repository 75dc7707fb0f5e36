import {
  type DocumentList,
  documentListSchema,
  type HandInSave,
  type HandInState,
  handInStateSchema,
  type RequestDocuments,
  requestDocumentsSchema,
} from "@portal/shared/schemas/documents";
import { catalogItemSchema } from "@portal/shared/schemas/responses";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { http } from "../../lib/http.ts";

/** Calls of the documents page (docs/api.md "Documents"). */
export const DOCUMENTS_QUERY_KEY = ["documents"] as const;

export function useDocumentList(apiQuery: string) {
  return useQuery({
    queryKey: [...DOCUMENTS_QUERY_KEY, "list", apiQuery],
    queryFn: async (): Promise<DocumentList> => documentListSchema.parse(await http.get(`/api/documents?${apiQuery}`)),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useRequestDocuments(requestId: number | null) {
  return useQuery({
    queryKey: [...DOCUMENTS_QUERY_KEY, "request", requestId],
    queryFn: async (): Promise<RequestDocuments> =>
      requestDocumentsSchema.parse(await http.get(`/api/documents/${requestId}`)),
    enabled: requestId !== null,
    staleTime: 0,
  });
}

export async function saveHandIn(requestId: number, item: string, body: HandInSave): Promise<HandInState> {
  return handInStateSchema.parse(
    await http.put(`/api/documents/${requestId}/hand-in/${encodeURIComponent(item)}`, body),
  );
}

/** The levels' names in the reader's language (the catalogue every form uses). */
export function useLevelNames() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...DOCUMENTS_QUERY_KEY, "levels", i18n.language],
    queryFn: async () => catalogItemSchema.array().parse(await http.get("/api/catalogs/levels")),
    staleTime: 5 * 60_000,
  });
}
