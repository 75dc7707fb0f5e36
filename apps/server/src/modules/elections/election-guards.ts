import type { Language } from "@portal/shared/languages";
import { MIN_LIST_CANDIDATES } from "@portal/shared/schemas/elections";
import type { Db } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { schoolLocalTime } from "../audit/school-time.ts";
import { effectiveStatus } from "./election-view.ts";
import { type ElectionRow, findElection, listCandidatesOf, listListsOf } from "./elections.repository.ts";

/** The Admin acting on elections (audited with the address). */
export interface Actor {
  userId: number;
  ip: string;
  lang: Language;
}

export async function electionOr404(db: Db, id: number): Promise<ElectionRow> {
  const row = await findElection(db, id);
  if (!row) throw new AppError(404, "ELECTION_NOT_FOUND");
  return row;
}

/** Setup (fields, lists, candidates) is open until the poll opens: draft, or scheduled before it. */
export function assertEditable(row: ElectionRow, now = new Date()): void {
  const status = effectiveStatus(row, now);
  if (status !== "draft" && status !== "scheduled") throw new AppError(409, "ELECTION_NOT_EDITABLE");
}

/**
 * Candidacies close at the election's candidacy deadline (docs/rules/elections.md): the
 * lists and their candidates are set before it, the Admin's included; the deadline itself can be
 * moved while the election can be edited.
 */
export function assertCandidaciesOpen(row: ElectionRow, now = new Date()): void {
  if (now.toISOString() >= row.candidacy_deadline) {
    throw new AppError(409, "ELECTION_CANDIDACY_CLOSED", {
      deadline: schoolLocalTime(row.candidacy_deadline).slice(0, 16),
    });
  }
}

export function assertVersion(row: ElectionRow, version: number): void {
  if (row.version !== version) throw new AppError(409, "VERSION_CONFLICT");
}

/** A list has between two names and twice the seats. */
export function assertListSize(name: string, size: number, seats: number): void {
  if (size < MIN_LIST_CANDIDATES || size > seats * 2) {
    throw new AppError(409, "ELECTION_LIST_SIZE", { list: name, min: MIN_LIST_CANDIDATES, max: seats * 2 });
  }
}

/** Checked when the election is scheduled: at least one list, each of the right size. */
export async function assertListsPublishable(db: Db, election: ElectionRow): Promise<void> {
  const lists = await listListsOf(db, [election.id]);
  if (lists.length === 0) throw new AppError(409, "ELECTION_NO_LISTS");
  const candidates = await listCandidatesOf(
    db,
    lists.map((list) => list.id),
  );
  for (const list of lists) {
    assertListSize(list.name, candidates.filter((c) => c.list_id === list.id).length, election.seats);
  }
}
