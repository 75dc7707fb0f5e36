import { createHash } from "node:crypto";
import type { ElectorateView } from "@portal/shared/schemas/election-electorate";
import type { ElectionStatus, ElectionView } from "@portal/shared/schemas/elections";
import type { Db } from "../../db/database.ts";
import {
  type CandidateRow,
  type ElectionRow,
  type ListRow,
  listCandidatesOf,
  listListsOf,
} from "./elections.repository.ts";
import { electorateOf } from "./eligibility.repository.ts";

/** A scheduled election reads "open" inside its window and "closed" after it (or an early close). */
export function effectiveStatus(row: ElectionRow, now: Date): ElectionStatus {
  if (row.status !== "scheduled") return row.status as ElectionStatus;
  const at = now.toISOString();
  if (row.closed_early_at !== null || at >= row.closes_at) return "closed";
  if (at >= row.opens_at) return "open";
  return "scheduled";
}

export const personName = (row: { names: string; first_surname: string; second_surname: string }) =>
  [row.names, row.first_surname, row.second_surname].filter(Boolean).join(" ");

/** `v` changes with each upload (a digest of the storage name, which itself stays private). */
const photoUrl = (candidateId: number, key: string) =>
  `/api/elections/candidates/${candidateId}/photo?v=${createHash("sha256").update(key).digest("hex").slice(0, 12)}`;

function candidateView(row: CandidateRow, withBirthDates: boolean) {
  return {
    id: row.id,
    userId: row.user_id,
    name: personName(row),
    rank: row.rank,
    statement: row.statement,
    birthDate: withBirthDates ? row.birth_date : null,
    photoUrl: row.photo_ref ? photoUrl(row.id, row.photo_ref) : null,
  };
}

function view(
  row: ElectionRow,
  lists: ListRow[],
  candidates: CandidateRow[],
  now: Date,
  withBirthDates: boolean,
): ElectionView {
  return {
    id: row.id,
    schoolYearId: row.school_year_id,
    titleEs: row.title_es,
    titleEn: row.title_en,
    titleFr: row.title_fr,
    body: row.body,
    seats: row.seats,
    candidacyDeadline: row.candidacy_deadline,
    opensAt: row.opens_at,
    closesAt: row.closed_early_at ?? row.closes_at,
    status: effectiveStatus(row, now),
    cancelReason: row.cancel_reason,
    closeReason: row.closed_early_reason,
    publishedAt: row.published_at,
    voteUnit: row.vote_unit === "family" ? "family" : "parent",
    electorate: {
      statuses: electorateOf(row).statuses as ElectorateView["statuses"],
      levels: electorateOf(row).levels as ElectorateView["levels"],
      frozenAt: row.register_frozen_at,
    },
    version: row.version,
    lists: lists
      .filter((list) => list.election_id === row.id)
      .map((list) => ({
        id: list.id,
        organizationId: list.organization_id,
        organizationName: list.organization_name,
        name: list.name,
        statement: list.statement,
        candidates: candidates.filter((c) => c.list_id === list.id).map((c) => candidateView(c, withBirthDates)),
      })),
  };
}

/**
 * The views of several elections with their lists and candidates, in three queries. The
 * candidates' birth dates (the tie rule's) are the Admin's: families' pages get null.
 */
export async function electionViews(
  db: Db,
  rows: ElectionRow[],
  now = new Date(),
  withBirthDates = true,
): Promise<ElectionView[]> {
  const lists = await listListsOf(
    db,
    rows.map((row) => row.id),
  );
  const candidates = await listCandidatesOf(
    db,
    lists.map((list) => list.id),
  );
  return rows.map((row) => view(row, lists, candidates, now, withBirthDates));
}

export async function electionView(db: Db, row: ElectionRow, now = new Date()): Promise<ElectionView> {
  return (await electionViews(db, [row], now))[0] as ElectionView;
}
