import type { SchoolYearCreateInput, SchoolYearDetail } from "@portal/shared/schemas/school-years";

const shiftYear = (day: string) => `${Number(day.slice(0, 4)) + 1}${day.slice(4)}`;

/** The next year's proposal: the latest year's label and dates, one year on. */
export function nextYearProposal(
  latest: Pick<SchoolYearDetail, "label" | "startsOn" | "endsOn"> | undefined,
): SchoolYearCreateInput {
  if (!latest) return { label: "", startsOn: "", endsOn: "" };
  const first = Number(latest.label.slice(0, 4));
  return {
    label: Number.isNaN(first) ? "" : `${first + 1}-${first + 2}`,
    startsOn: shiftYear(latest.startsOn),
    endsOn: shiftYear(latest.endsOn),
  };
}
