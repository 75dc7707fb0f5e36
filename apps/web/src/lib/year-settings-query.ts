import { isLanguage } from "@portal/shared/languages";
import { DEFAULT_YEAR_CONSTANTS, type NoticeKind } from "@portal/shared/rules/year-settings";
import { type YearSettings, yearSettingsSchema } from "@portal/shared/schemas/general-settings";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { http } from "./http.ts";
import { noticeText } from "./year-notices.ts";

export const YEAR_SETTINGS_QUERY_KEY = ["year-settings"] as const;

/** The signed-in family's school year: the notices and constants the school set for it. */
export function useYearSettings() {
  return useQuery({
    queryKey: YEAR_SETTINGS_QUERY_KEY,
    queryFn: async (): Promise<YearSettings> =>
      yearSettingsSchema.parse(await http.get("/api/enrollment/year-settings")),
    // Short: an Admin's change shows on the family's next visit to a screen.
    staleTime: 30_000,
  });
}

/** A notice in the interface language, from the year's settings when loaded. */
export function useNoticeText(): (kind: NoticeKind, options?: { sent?: boolean }) => string {
  const { t, i18n } = useTranslation();
  const year = useYearSettings().data;
  const lang = isLanguage(i18n.language) ? i18n.language : "es";
  return (kind, options) =>
    noticeText(kind, lang, (key, vars) => t(key, vars), year, DEFAULT_YEAR_CONSTANTS, options?.sent ?? false);
}
