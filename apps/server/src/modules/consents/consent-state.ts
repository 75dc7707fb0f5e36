import { CONSENT_KINDS, CONSENT_SUBJECTS_OF, type ConsentKind } from "@portal/shared/consents";
import type { ConsentEvent, ConsentState } from "@portal/shared/schemas/consents";

/*
 * Where a file's consents stand, from its `consents` rows in id order (an append-only history:
 * each save of the step adds answers, each withdrawal adds withdrawn rows). A subject's latest
 * row is its state; a kind covering several subjects (the image consent: four authorizations) is
 * given while any of them is given.
 */

export interface ConsentRowLike {
  user_id: number;
  file_id: number;
  subject: string;
  text_version: string;
  accepted: number;
  withdrawn: number;
  created_at: string;
}

const NONE: ConsentState = { state: "none", version: null, at: null };

export function kindOfSubject(subject: string): ConsentKind | undefined {
  return CONSENT_KINDS.find((kind) => CONSENT_SUBJECTS_OF[kind].includes(subject));
}

/** Each subject's latest row, for one file's rows. */
export function latestBySubject<T extends ConsentRowLike>(rows: readonly T[]): Map<string, T> {
  const latest = new Map<string, T>();
  for (const row of rows) latest.set(row.subject, row);
  return latest;
}

/** One kind's state in one file. */
export function stateOfKind(rows: readonly ConsentRowLike[], kind: ConsentKind): ConsentState {
  const latest = [...latestBySubject(rows.filter((row) => kindOfSubject(row.subject) === kind)).values()];
  if (latest.length === 0) return NONE;
  const pick = (found: ConsentRowLike[], state: ConsentState["state"]): ConsentState => {
    const last = found.reduce((a, b) => (b.created_at > a.created_at ? b : a));
    return { state, version: last.text_version, at: last.created_at };
  };
  const given = latest.filter((row) => row.accepted === 1);
  if (given.length > 0) return pick(given, "given");
  const withdrawn = latest.filter((row) => row.withdrawn === 1);
  if (withdrawn.length > 0) return pick(withdrawn, "withdrawn");
  return pick(latest, "refused");
}

/**
 * A child's state: its newest file that holds an answer for the kind (a re-enrollment asks the
 * photo authorizations and the terms again), except that a withdrawal in an older file that is
 * still in use (given there) does not hide behind a newer file: any file still given reads as given.
 */
export function stateOfChild(rowsByFile: ReadonlyMap<number, readonly ConsentRowLike[]>, kind: ConsentKind) {
  const states = [...rowsByFile.keys()]
    .sort((a, b) => a - b)
    .map((fileId) => stateOfKind(rowsByFile.get(fileId) ?? [], kind))
    .filter((state) => state.state !== "none");
  return states.find((state) => state.state === "given") ?? states.at(-1) ?? NONE;
}

/** The rows that withdraw what is given: one per subject of the kind whose latest row is accepted. */
export function toWithdraw<T extends ConsentRowLike>(rows: readonly T[], kind: ConsentKind): T[] {
  return [...latestBySubject(rows.filter((row) => kindOfSubject(row.subject) === kind)).values()].filter(
    (row) => row.accepted === 1,
  );
}

/** A file's history for the staff: one event per save or withdrawal of a kind (its rows share a time). */
export function historyOf(rows: readonly ConsentRowLike[]): ConsentEvent[] {
  const events: ConsentEvent[] = [];
  const index = new Map<string, ConsentEvent>();
  for (const row of rows) {
    const consent = kindOfSubject(row.subject);
    if (!consent) continue;
    const key = `${consent}|${row.created_at}|${row.withdrawn}`;
    const found = index.get(key);
    if (found) {
      if (found.action === "refused" && row.accepted === 1) found.action = "given";
      continue;
    }
    const action = row.withdrawn === 1 ? "withdrawn" : row.accepted === 1 ? "given" : "refused";
    const event: ConsentEvent = {
      consent,
      action,
      version: row.text_version,
      at: row.created_at,
      byAccountId: row.user_id,
    };
    index.set(key, event);
    events.push(event);
  }
  return events;
}
