import { DEFAULT_ELECTORATE_STATUSES } from "@portal/shared/schemas/election-electorate";
import { type ElectionCreateInput, type ElectionView, electionCreateSchema } from "@portal/shared/schemas/elections";
import { fromSchoolInput, proposedWindow, toSchoolInput } from "./school-time.ts";

/**
 * The election dialog's values: text as typed (the times as the school's local time, the seats
 * as a number's text), turned into the API's body and checked by the shared schema field by field.
 */
export interface ElectionFormValues {
  titleEs: string;
  titleEn: string;
  titleFr: string;
  body: string;
  seats: string;
  schoolYearId: string;
  candidacyDeadline: string;
  opensAt: string;
  closesAt: string;
  /** "parent" (each representative votes) or "family" (one vote per household). */
  voteUnit: string;
  /** Request statuses whose families vote (docs/elections.md "The electorate"). */
  electorateStatuses: string[];
  /** Levels the requests must be for; none: every level. */
  electorateLevels: string[];
}
export const ELECTION_FIELDS = [
  "titleEs",
  "titleEn",
  "titleFr",
  "body",
  "seats",
  "schoolYearId",
  "candidacyDeadline",
  "opensAt",
  "closesAt",
  "voteUnit",
  "electorateStatuses",
  "electorateLevels",
] as const satisfies readonly (keyof ElectionFormValues)[];

export function electionFormValues(
  election: ElectionView | null,
  defaultYearId: number | null,
  now: Date,
): ElectionFormValues {
  if (!election) {
    return {
      titleEs: "",
      titleEn: "",
      titleFr: "",
      body: "",
      seats: "",
      schoolYearId: defaultYearId ? String(defaultYearId) : "",
      voteUnit: "parent",
      electorateStatuses: [...DEFAULT_ELECTORATE_STATUSES],
      electorateLevels: [],
      ...proposedWindow(now),
    };
  }
  return {
    titleEs: election.titleEs,
    titleEn: election.titleEn,
    titleFr: election.titleFr,
    body: election.body,
    seats: String(election.seats),
    schoolYearId: String(election.schoolYearId),
    candidacyDeadline: toSchoolInput(election.candidacyDeadline),
    opensAt: toSchoolInput(election.opensAt),
    closesAt: toSchoolInput(election.closesAt),
    voteUnit: election.voteUnit,
    electorateStatuses: [...election.electorate.statuses],
    electorateLevels: [...election.electorate.levels],
  };
}

const number = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

/** The body, or the schema's messages by field (keys such as `validation.election.window`). */
export function electionBody(
  values: ElectionFormValues,
): { ok: true; body: ElectionCreateInput } | { ok: false; errors: Partial<Record<keyof ElectionFormValues, string>> } {
  const parsed = electionCreateSchema.safeParse({
    titleEs: values.titleEs,
    titleEn: values.titleEn,
    titleFr: values.titleFr,
    body: values.body,
    seats: number(values.seats),
    schoolYearId: number(values.schoolYearId),
    candidacyDeadline: fromSchoolInput(values.candidacyDeadline),
    opensAt: fromSchoolInput(values.opensAt),
    closesAt: fromSchoolInput(values.closesAt),
    voteUnit: values.voteUnit,
    electorateStatuses: values.electorateStatuses,
    electorateLevels: values.electorateLevels,
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: Partial<Record<keyof ElectionFormValues, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = ELECTION_FIELDS.find((name) => name === issue.path[0]);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
