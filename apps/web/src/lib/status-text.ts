import { isLanguage, type Language } from "@portal/shared/languages";
import type { StatusTexts } from "@portal/shared/schemas/status-texts";

/** Pure: the label or explanation of `status` in `lang`, or undefined when not known (yet). */
export function statusText(
  texts: StatusTexts | undefined,
  lang: string,
  status: string,
  kind: "label" | "explanation",
): string | undefined {
  const item = texts?.items.find((candidate) => candidate.status === status);
  if (!item) return undefined;
  const language: Language = isLanguage(lang) ? lang : "es";
  return item[kind][language];
}
