import type { CatalogName } from "@portal/shared/catalogs";
import { catalogItemSchema } from "@portal/shared/schemas/responses";
import { useQueries } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { http } from "../../../lib/http.ts";

export type SelectOptions = { value: string; label: string }[];

/**
 * The catalogues a form chooses from, in the UI language, as select options. `options` stays null
 * until all are loaded: a native select given a value before its options exist would show the
 * placeholder instead of the saved choice.
 */
export function useCatalogOptions<N extends CatalogName>(
  names: readonly N[],
): { options: Record<N, SelectOptions> | null; error: unknown } {
  const { i18n } = useTranslation();
  return useQueries({
    queries: names.map((name) => ({
      // Same key as useCatalog, so both share one cache entry.
      queryKey: ["catalog", name, i18n.language],
      queryFn: async () => catalogItemSchema.array().parse(await http.get(`/api/catalogs/${name}`)),
      staleTime: 10 * 60_000,
    })),
    combine: (results) => {
      const error = results.find((result) => result.isError)?.error ?? null;
      if (results.some((result) => !result.data)) return { options: null, error };
      const options = Object.fromEntries(
        names.map((name, index) => [
          name,
          (results[index]?.data ?? []).map((item) => ({ value: item.code, label: item.label })),
        ]),
      ) as Record<N, SelectOptions>;
      return { options, error };
    },
  });
}

/** A select's options with a first empty choice ("Select…", or another label such as "I don't know"). */
export function withPlaceholder(options: SelectOptions, label: string): SelectOptions {
  return [{ value: "", label }, ...options];
}
