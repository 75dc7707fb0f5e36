import { LARGE_FAMILY_CHILDREN, LARGE_FAMILY_DISCOUNT_PERCENT } from "./family.ts";
import { MIDDAY_BREAK, SCHOOL_DAY_EXIT } from "./levels.ts";

/**
 * Spec 9's business constants as they apply to one school year (Settings › General).
 * The code constants are the defaults; a year's saved values replace them for that year only.
 */
export interface YearConstants {
  /** Families with at least `discountChildren` children enrolled that year get this percent off. */
  discountPercent: number;
  discountChildren: number;
  /** The contract is signed within this many hours of sending the enrollment. */
  contractSigningHours: number;
  /** "HH:MM" */
  schoolDayExit: string;
  middayBreakFrom: string;
  middayBreakTo: string;
}

/** Spec 1 and 9: the contract is signed within 2 hours of finishing. */
export const CONTRACT_SIGNING_HOURS = 2;

export const DEFAULT_YEAR_CONSTANTS: YearConstants = {
  discountPercent: LARGE_FAMILY_DISCOUNT_PERCENT,
  discountChildren: LARGE_FAMILY_CHILDREN,
  contractSigningHours: CONTRACT_SIGNING_HOURS,
  schoolDayExit: SCHOOL_DAY_EXIT,
  middayBreakFrom: MIDDAY_BREAK.from,
  middayBreakTo: MIDDAY_BREAK.to,
};

/** The discount a family gets this year under the year's constants (0 below the threshold). */
export function yearDiscountPercent(constants: YearConstants, childrenEnrolledThisYear: number): number {
  return childrenEnrolledThisYear >= constants.discountChildren ? constants.discountPercent : 0;
}

/** The notices families see on the welcome and congratulations screens (spec 1). */
export const NOTICE_KINDS = ["print", "discount", "contract"] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** A school's own text per language; "" means the portal's built-in text (i18n) for that language. */
export type YearNotices = Record<NoticeKind, { es: string; en: string; fr: string }>;

export const DEFAULT_YEAR_NOTICES: YearNotices = {
  print: { es: "", en: "", fr: "" },
  discount: { es: "", en: "", fr: "" },
  contract: { es: "", en: "", fr: "" },
};
