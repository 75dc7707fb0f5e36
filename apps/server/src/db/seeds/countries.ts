import countries from "i18n-iso-countries";
import en from "i18n-iso-countries/langs/en.json" with { type: "json" };
import es from "i18n-iso-countries/langs/es.json" with { type: "json" };
import fr from "i18n-iso-countries/langs/fr.json" with { type: "json" };
import type { CatalogEntry } from "./catalog-data.ts";

countries.registerLocale(es);
countries.registerLocale(en);
countries.registerLocale(fr);

/**
 * Countries by ISO 3166-1 alpha-2 code with names in the three languages, Spanish alphabetical
 * order. Nationalities use the same list: the form asks "nationality: country", which avoids a
 * demonym table per language (documented in docs/rules/settings.md "Catalogues").
 */
export function countryEntries(): CatalogEntry[] {
  const names = { es: countries.getNames("es"), en: countries.getNames("en"), fr: countries.getNames("fr") };
  return Object.keys(names.es)
    .map((code) => ({ code, es: names.es[code] ?? code, en: names.en[code] ?? code, fr: names.fr[code] ?? code }))
    .sort((a, b) => a.es.localeCompare(b.es, "es"));
}
