import type { Language } from "@portal/shared/languages";
import type { NoticeKind, YearConstants } from "@portal/shared/rules/year-settings";
import type { YearSettings } from "@portal/shared/schemas/general-settings";

const DEFAULT_KEYS: Record<NoticeKind, string> = {
  print: "enrollment:welcome.noticePrint",
  discount: "enrollment:welcome.noticeDiscount",
  contract: "enrollment:welcome.noticeContract",
};

/** The values the built-in notices quote: the year's, so a changed percent shows everywhere. */
export function constantValues(constants: YearConstants) {
  return {
    children: constants.discountChildren,
    percent: constants.discountPercent,
    hours: constants.contractSigningHours,
    exit: constants.schoolDayExit,
    from: constants.middayBreakFrom,
    to: constants.middayBreakTo,
  };
}

/** Translates a key in one language (i18next's getFixedT, or the server's translate in tests). */
export type Translate = (key: string, vars: Record<string, string | number>) => string;

/**
 * The portal's own text of a notice, with the year's numbers, in the language `t` speaks: the
 * Admin's page shows all three languages at once (it loads `enrollment` in each, app/screens.ts).
 */
export function noticeDefault(kind: NoticeKind, t: Translate, constants: YearConstants): string {
  return t(DEFAULT_KEYS[kind], constantValues(constants));
}

/**
 * What a family reads: the school's text for that year and language (Settings › General), else
 * the built-in one. Without the year's settings (still loading) the built-in text with defaults.
 */
export function noticeText(
  kind: NoticeKind,
  lang: Language,
  t: Translate,
  year: YearSettings | undefined,
  fallback: YearConstants,
) {
  const own = year?.notices[kind][lang]?.trim();
  return own || noticeDefault(kind, t, year?.constants ?? fallback);
}
