import { translate } from "@portal/i18n/translate";
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

/**
 * The portal's own text of a notice in `lang`, with the year's numbers. `translate` (the same
 * bundled strings as i18next) because the Admin's page shows all three languages at once.
 */
export function noticeDefault(kind: NoticeKind, lang: Language, constants: YearConstants): string {
  return translate(lang, DEFAULT_KEYS[kind], constantValues(constants));
}

/**
 * What a family reads: the school's text for that year and language (Settings › General), else
 * the built-in one. Without the year's settings (still loading) the built-in text with defaults.
 */
export function noticeText(kind: NoticeKind, lang: Language, year: YearSettings | undefined, fallback: YearConstants) {
  const own = year?.notices[kind][lang]?.trim();
  return own || noticeDefault(kind, lang, year?.constants ?? fallback);
}
