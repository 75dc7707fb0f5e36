import type { ElectionView } from "@portal/shared/schemas/elections";

/** The school's time zone: every election time is shown as the school's local time. */
const SCHOOL_TIME_ZONE = "America/Guayaquil";

export function electionTitle(election: Pick<ElectionView, "titleEs" | "titleEn" | "titleFr">, language: string) {
  return language === "en" ? election.titleEn : language === "fr" ? election.titleFr : election.titleEs;
}

export function formatElectionTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    dateStyle: "long",
    timeStyle: "short",
    hourCycle: "h23",
    timeZone: SCHOOL_TIME_ZONE,
  }).format(new Date(iso));
}

/** The id of an election's title: its card (a region) is named by it. */
export const electionTitleId = (electionId: number) => `election-${electionId}-title`;
