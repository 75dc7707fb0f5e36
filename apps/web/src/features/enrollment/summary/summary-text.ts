import type { CatalogName } from "@portal/shared/catalogs";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { SelectOptions } from "../step-kit/catalog-options.ts";
import type { SummaryText } from "./summary-rows.ts";

type Exists = (key: string) => boolean;
type Translate = (key: string, values?: Record<string, unknown>) => string;

/** "vaccinationBookletFileId" → "Vaccination booklet file id": the last resort for a label. */
export function humanize(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The first of `keys` that has a translation, translated; else null. */
function firstKnown(t: Translate, exists: Exists, keys: string[]): string | null {
  const key = keys.find((candidate) => exists(candidate));
  return key ? t(key) : null;
}

/**
 * Where the summary finds a field's label: an entry under `enrollment:summary.labels` for fields
 * whose step screen words them differently (nested lists), else the step screen's own label.
 */
export function labelKeys(section: string, path: readonly string[], field: string): string[] {
  const nested = [...path, field].join(".");
  return [`enrollment:summary.labels.${section}.${nested}`, `enrollment:${section}.${field}`];
}

export function buildSummaryText(
  t: Translate,
  exists: Exists,
  locale: string,
  catalogs: Record<CatalogName, SelectOptions>,
): SummaryText {
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" });
  return {
    label: (section, path, field) => firstKnown(t, exists, labelKeys(section, path, field)) ?? humanize(field),
    catalog: (name, code) => catalogs[name]?.find((option) => option.value === code)?.label ?? code,
    choice: (section, field, value) =>
      firstKnown(t, exists, [
        `enrollment:summary.choices.${field}.${value}`,
        `enrollment:${section}.${field}Options.${value}`,
        `enrollment:${section}.${field}${value}`,
      ]),
    yes: t("common:actions.yes"),
    no: t("common:actions.no"),
    date: (iso) => dateFormat.format(new Date(`${iso}T00:00:00Z`)),
    item: (section, field, n) =>
      firstKnown(t, exists, [`enrollment:summary.items.${field}`]) !== null
        ? t(`enrollment:summary.items.${field}`, { n })
        : `${humanize(field)} ${n}`,
  };
}

/** The summary's wording in the UI language. */
export function useSummaryText(catalogs: Record<CatalogName, SelectOptions>): SummaryText {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => buildSummaryText(t as Translate, (key) => i18n.exists(key), i18n.language, catalogs),
    [t, i18n, catalogs],
  );
}
