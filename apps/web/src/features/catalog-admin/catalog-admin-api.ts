import type { CatalogName } from "@portal/shared/catalogs";
import {
  type CatalogAdminItem,
  type CatalogAdminView,
  type CatalogItemCreateInput,
  type CatalogLabels,
  catalogAdminItemSchema,
  catalogAdminViewSchema,
} from "@portal/shared/schemas/catalog-admin";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { http } from "../../lib/http.ts";

/** Calls of Settings › Catalogues (docs/api.md "Settings › Catalogues"). */
export const CATALOG_ADMIN_QUERY_KEY = ["catalog-admin"] as const;

export function useCatalogAdmin(name: CatalogName) {
  return useQuery({
    queryKey: [...CATALOG_ADMIN_QUERY_KEY, name],
    queryFn: async (): Promise<CatalogAdminView> =>
      catalogAdminViewSchema.parse(await http.get(`/api/catalogs/${name}/items`)),
  });
}

/**
 * After any change: this screen's list, and every form's copy of the catalogues (the `catalog`
 * queries of the enrollment selects, in every language), so the Admin's other tabs show it at once.
 */
export async function refreshCatalogs(queryClient: QueryClient, name: CatalogName): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [...CATALOG_ADMIN_QUERY_KEY, name] }),
    queryClient.invalidateQueries({ queryKey: ["catalog", name] }),
  ]);
}

const item = async (promise: Promise<unknown>) => catalogAdminItemSchema.parse(await promise);

export function addCatalogItem(name: CatalogName, input: CatalogItemCreateInput): Promise<CatalogAdminItem> {
  return item(http.post(`/api/catalogs/${name}/items`, input));
}

export function renameCatalogItem(name: CatalogName, entry: CatalogAdminItem, labels: CatalogLabels) {
  return item(http.put(`/api/catalogs/${name}/items/${entry.id}`, { labels, version: entry.version }));
}

export function setCatalogItemDisabled(name: CatalogName, entry: CatalogAdminItem, disabled: boolean) {
  return item(http.put(`/api/catalogs/${name}/items/${entry.id}/state`, { disabled, version: entry.version }));
}

/** Saves the whole list in the given order (one transaction on the server). */
export async function saveCatalogOrder(name: CatalogName, entries: readonly CatalogAdminItem[]) {
  const body = { items: entries.map(({ id, version }) => ({ id, version })) };
  return catalogAdminViewSchema.parse(await http.put(`/api/catalogs/${name}/order`, body));
}

export function deleteCatalogItem(name: CatalogName, entry: CatalogAdminItem) {
  return http.delete(`/api/catalogs/${name}/items/${entry.id}`);
}
