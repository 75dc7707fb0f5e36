import { CATALOG_EDITING, type CatalogName } from "@portal/shared/catalogs";
import { type CatalogItem, catalogItemSchema } from "@portal/shared/schemas/responses";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { http } from "./http.ts";

/** The query of a catalogue in the UI language (the server labels it in the request's language). */
export function catalogQuery(name: CatalogName, language: string) {
  return {
    queryKey: ["catalog", name, language],
    queryFn: async (): Promise<CatalogItem[]> =>
      catalogItemSchema.array().parse(await http.get(`/api/catalogs/${name}`)),
    // The Admin may rename an entry at any time ("the new labels at once"): a screen
    // shows the cached list and reads it again as it opens. The ISO lists never change.
    staleTime: CATALOG_EDITING[name] === "readOnly" ? 10 * 60_000 : 0,
  };
}

/** A catalogue in the UI language: the wizard's forms, the staff's filters and lists. */
export function useCatalog(name: CatalogName) {
  const { i18n } = useTranslation();
  return useQuery(catalogQuery(name, i18n.language));
}
