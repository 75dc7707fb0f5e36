import { type ElectionView, MIN_LIST_CANDIDATES } from "@portal/shared/schemas/elections";

/**
 * One person on a list being edited: who, their optional statement and birth date (YYYY-MM-DD or
 * empty; the legal tie rule's). The order is the array's.
 */
export interface CandidateRow {
  userId: number;
  name: string;
  statement: string;
  birthDate: string;
}

type ListView = ElectionView["lists"][number];

export const rowsOf = (list: ListView): CandidateRow[] =>
  list.candidates.map((c) => ({
    userId: c.userId,
    name: c.name,
    statement: c.statement ?? "",
    birthDate: c.birthDate ?? "",
  }));

/** The row at `index` moved one place up (-1) or down (+1); out of range: unchanged. */
export function moveRow<T>(rows: readonly T[], index: number, direction: -1 | 1): T[] {
  const target = index + direction;
  if (index < 0 || index >= rows.length || target < 0 || target >= rows.length) return [...rows];
  const next = [...rows];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}

/** Whether the rows differ from what the server has (people, order, statements or birth dates). */
export function rowsChanged(rows: readonly CandidateRow[], list: ListView): boolean {
  const saved = rowsOf(list);
  return (
    rows.length !== saved.length ||
    rows.some(
      (row, i) =>
        row.userId !== saved[i]?.userId ||
        row.statement.trim() !== saved[i]?.statement ||
        row.birthDate !== saved[i]?.birthDate,
    )
  );
}

/**
 * The PUT body: in order, statements trimmed; an empty statement or birth date left out (the
 * server then keeps the date it has, or takes the representative's record's).
 */
export const candidatesBody = (rows: readonly CandidateRow[]) =>
  rows.map((row) => ({
    userId: row.userId,
    ...(row.statement.trim() ? { statement: row.statement.trim() } : {}),
    ...(row.birthDate ? { birthDate: row.birthDate } : {}),
  }));

/** A list's size rule: at least two names, at most twice the seats. */
export function sizeRule(seats: number, count: number): { min: number; max: number; ok: boolean } {
  const min = MIN_LIST_CANDIDATES;
  const max = seats * 2;
  return { min, max, ok: count >= min && count <= max };
}
