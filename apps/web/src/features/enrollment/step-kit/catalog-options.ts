import type { CatalogName } from "@portal/shared/catalogs";
import { useQueries } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { catalogQuery } from "../../../lib/catalog-query.ts";
import { type CatalogChoice, toOptions } from "./catalog-choices.ts";

export type SelectOptions = CatalogChoice[];

/**
 * The catalogues a form chooses from, in the UI language, as select options. `options` stays null
 * until all are loaded: a native select given a value before its options exist would show the
 * placeholder instead of the saved choice. `saved`: the record's saved data (see toOptions).
 */
export function useCatalogOptions<N extends CatalogName>(
  names: readonly N[],
  saved?: unknown,
): { options: Record<N, SelectOptions> | null; error: unknown } {
  const { i18n } = useTranslation();
  return useQueries({
    queries: names.map((name) => catalogQuery(name, i18n.language)),
    combine: (results) => {
      const error = results.find((result) => result.isError)?.error ?? null;
      if (results.some((result) => !result.data)) return { options: null, error };
      const options = Object.fromEntries(
        names.map((name, index) => [name, toOptions(results[index]?.data ?? [], saved)]),
      ) as Record<N, SelectOptions>;
      return { options, error };
    },
  });
}

/** A select's options with a first empty choice ("Select…", or another label such as "I don't know"). */
export function withPlaceholder(options: SelectOptions, label: string): SelectOptions {
  return [{ value: "", label }, ...options];
}
