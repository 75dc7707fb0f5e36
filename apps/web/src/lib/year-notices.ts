import type { Language } from "@portal/shared/languages";
import type { NoticeKind, YearConstants } from "@portal/shared/rules/year-settings";
import type { YearSettings } from "@portal/shared/schemas/general-settings";

const DEFAULT_KEYS: Record<NoticeKind, string> = {
  print: "enrollment:welcome.noticePrint",
  discount: "enrollment:welcome.noticeDiscount",
  contract: "enrollment:welcome.noticeContract",
};

/**
 * Once the file is sent, "when you finish" no longer fits: the built-in contract notice is worded
 * for after sending there (the congratulations screen). A school's own text stays as it wrote it.
 */
const SENT_KEYS: Partial<Record<NoticeKind, string>> = {
  contract: "enrollment:welcome.noticeContractSent",
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
export function noticeDefault(kind: NoticeKind, t: Translate, constants: YearConstants, sent = false): string {
  return t((sent ? SENT_KEYS[kind] : undefined) ?? DEFAULT_KEYS[kind], constantValues(constants));
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
  /** Read by a family whose file is sent (the built-in wording for after sending). */
  sent = false,
) {
  const own = year?.notices[kind][lang]?.trim();
  return own || noticeDefault(kind, t, year?.constants ?? fallback, sent);
}
