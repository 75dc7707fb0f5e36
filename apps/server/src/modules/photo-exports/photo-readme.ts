import { translate } from "@portal/i18n/translate";
import type { Language } from "@portal/shared/languages";
import {
  PHOTO_LEFT_OUT_REASONS,
  type PhotoExportQuery,
  type PhotoLeftOutReason,
} from "@portal/shared/schemas/photo-exports";
import { CSV_BOM, csvLine } from "../../lib/csv.ts";

/** The README.txt and leftout.csv every photo ZIP carries, in the user's language. */

export type LeftOutCounts = Record<PhotoLeftOutReason, number>;

export const noneLeftOut = (): LeftOutCounts => ({
  noAuthorization: 0,
  consentWithdrawn: 0,
  noPhoto: 0,
  photoRejected: 0,
  fileMissing: 0,
});

export const totalOf = (counts: LeftOutCounts) =>
  PHOTO_LEFT_OUT_REASONS.reduce((sum, reason) => sum + counts[reason], 0);

/** The names the README gives the filters' codes, in the reader's language (as the screens name them). */
export interface FilterNames {
  yearLabel: string;
  level: (code: string) => string;
  status: (code: string) => string;
}

/** The filters in words: "school year 2025-2026, level CM2 (6.º EGB), all statuses, …". */
export function filtersInWords(lang: Language, query: PhotoExportQuery, names: FilterNames): string {
  const t = (key: string, vars?: Record<string, string>) => translate(lang, `photoExport:zip.filter.${key}`, vars);
  return [
    t("year", { value: names.yearLabel }),
    query.level ? t("level", { value: names.level(query.level) }) : t("allLevels"),
    query.status?.length ? t("status", { value: query.status.map(names.status).join(", ") }) : t("allStatuses"),
    t(`kind.${query.kind ?? "all"}`),
    t(`testData.${query.testData}`),
  ].join("; ");
}

/** README.txt: what the ZIP holds, how files are named, how many were left out and why (CRLF, UTF-8). */
export function readmeText(
  lang: Language,
  summary: { query: PhotoExportQuery; names: FilterNames; included: number; leftOut: LeftOutCounts; at: Date },
): string {
  const t = (key: string, vars?: Record<string, string | number>) => translate(lang, `photoExport:${key}`, vars);
  const left = totalOf(summary.leftOut);
  const lines = [
    t("zip.readme.title", { kind: t(`kinds.${summary.query.photos}`) }),
    "",
    t("zip.readme.generated", { date: summary.at.toISOString().slice(0, 16).replace("T", " ") }),
    t("zip.readme.filters", { filters: filtersInWords(lang, summary.query, summary.names) }),
    "",
    t("zip.readme.included", { count: summary.included }),
    t("zip.readme.leftOut", { count: left }),
    ...PHOTO_LEFT_OUT_REASONS.filter((reason) => summary.leftOut[reason] > 0).map(
      (reason) =>
        `  - ${translate(lang, "common:labelValue", { label: t(`reasons.${reason}`), value: summary.leftOut[reason] })}`,
    ),
    ...(left > 0 ? [t("zip.readme.details")] : []),
    ...(summary.included + left === 0 ? ["", t("zip.readme.empty")] : []),
    "",
    t("zip.readme.names"),
    t("zip.readme.rule"),
  ];
  return `${lines.join("\r\n")}\r\n`;
}

/** leftout.csv's header, and one line per photo left out (the portal's CSV: BOM, `;`, formula guard). */
export function leftOutCsvHeader(lang: Language): string {
  const t = (key: string) => translate(lang, `photoExport:zip.csv.${key}`);
  return `${CSV_BOM}${csvLine([t("level"), t("code"), t("person"), t("reason")])}`;
}

export function leftOutCsvLine(
  lang: Language,
  item: { folder: string; code: string; who: string; reason: PhotoLeftOutReason },
): string {
  return csvLine([item.folder, item.code, item.who, translate(lang, `photoExport:reasons.${item.reason}`)]);
}
