import { isLevelCode } from "@portal/shared/rules/levels";
import type { AcademicHistoryInput } from "@portal/shared/schemas/enrollment/academic-history";
import type { CatalogChoice } from "./step-kit/catalog-choices.ts";
import { blankToUndefined, str, yesNoText, yesNoValue } from "./step-kit/form-values.ts";

/**
 * The academic-history form (step 9) as the inputs hold it, and the two conversions. The schema
 * has no "was the student at school before?" field: the form asks it (`schooledBefore`, never
 * sent) so a child starting school sees no previous-school questions, and a "no" sends none.
 */
export interface AcademicHistoryValues {
  /** "yes" / "no"; "" until answered. Form only. */
  schooledBefore: string;
  previousLevel: string;
  /** "yes" / "no"; "" until answered. */
  repeatingClass: string;
  institutionName: string;
  institutionCountry: string;
  institutionCity: string;
  /** "yes" / "no"; "" until answered. */
  aefeAccredited: string;
}

const PREVIOUS_SCHOOL_TEXTS = ["previousLevel", "institutionName", "institutionCountry", "institutionCity"] as const;

/** The answers a "no" to `schooledBefore` empties. */
export const PREVIOUS_SCHOOL_FIELDS = [...PREVIOUS_SCHOOL_TEXTS, "repeatingClass", "aefeAccredited"] as const;

/**
 * Saved data (null before the first save) as form values. Saved data that names a previous school
 * or answers yes to a question means the student was at school; saved data without any means not.
 */
export function toFormValues(data: Record<string, unknown> | null | undefined): AcademicHistoryValues {
  const source = data ?? {};
  const texts = Object.fromEntries(PREVIOUS_SCHOOL_TEXTS.map((field) => [field, str(source[field])])) as Record<
    (typeof PREVIOUS_SCHOOL_TEXTS)[number],
    string
  >;
  const anything =
    Object.values(texts).some((value) => value.trim() !== "") ||
    source.repeatingClass === true ||
    source.aefeAccredited === true;
  return {
    schooledBefore: data ? (anything ? "yes" : "no") : "",
    ...texts,
    repeatingClass: yesNoText(source.repeatingClass),
    aefeAccredited: yesNoText(source.aefeAccredited),
  };
}

/** Form values as the request body: after a "no", no previous school and both answers false. */
export function toRequestBody(values: AcademicHistoryValues): AcademicHistoryInput {
  if (values.schooledBefore !== "yes") return { repeatingClass: false, aefeAccredited: false };
  return {
    previousLevel: blankToUndefined(values.previousLevel),
    repeatingClass: yesNoValue(values.repeatingClass),
    institutionCountry: blankToUndefined(values.institutionCountry),
    institutionCity: blankToUndefined(values.institutionCity),
    institutionName: blankToUndefined(values.institutionName),
    aefeAccredited: yesNoValue(values.aefeAccredited),
  };
}

/**
 * What the form asks besides the schema: the first question answered, and once the student was at
 * school, the two yes/no answers and the previous school's name (its country the schema requires).
 */
export function academicHistoryEarlyChecks(values: AcademicHistoryValues): Partial<Record<string, string>> {
  const problems: Partial<Record<string, string>> = {};
  if (values.schooledBefore === "") problems.schooledBefore = "validation.required";
  if (values.schooledBefore !== "yes") return problems;
  if (values.institutionName.trim() === "") problems.institutionName = "validation.required";
  if (values.repeatingClass === "") problems.repeatingClass = "validation.required";
  if (values.aefeAccredited === "") problems.aefeAccredited = "validation.required";
  return problems;
}

/**
 * The choices of "last level attended" (the level list, not free text). An answer typed
 * before the list (`saved`, not a level code) stays readable and selected as an extra choice,
 * labelled by `typedLabel`, until the family or the staff choose a level.
 */
export function previousLevelOptions(
  levels: readonly CatalogChoice[],
  saved: string | undefined,
  typedLabel: (value: string) => string,
): CatalogChoice[] {
  const typed = saved?.trim() ?? "";
  if (typed === "" || isLevelCode(typed)) return [...levels];
  return [...levels, { value: saved ?? typed, label: typedLabel(typed) }];
}
