/**
 * Seats of a list election by proportional representation with the largest remainder and the Hare
 * quota (the French practice for parents' representatives). Pure: the count and the
 * lot's seed in, the seats out; the server stores the seed with the result so anyone can replay it.
 *
 * Integers only: the quota is validVotes / seats, so a list's quotient is floor(votes × seats /
 * validVotes) and its remainder is compared as votes × seats − quotient × validVotes (the same
 * denominator for every list), never as a float.
 *
 * Rules (docs/rules/elections.md):
 * - blank votes are not valid votes; with no valid vote no seat is given;
 * - a list never gets more seats than it has candidates, and a list with no vote gets no seat;
 * - seats left after the quotients go one per list in order of remainder; a tie on the remainder
 *   goes to the list with more votes; on equal votes too, to the list whose candidate in line for
 *   the seat is the oldest (arrêté du 13 mai 1985, art. 1) when every tied list's candidate in
 *   line has a known birth date; only then by lot (seeded, replayable);
 * - if seats are still left (lists short of candidates), further rounds go the same way; seats no
 *   list can fill stay unfilled.
 */

export interface ListCount {
  id: number;
  votes: number;
  /** How many candidates the list has: the most seats it can fill. */
  candidates: number;
  /**
   * The candidates' birth dates (YYYY-MM-DD, null if unknown) in the list's order: the age rule
   * looks at the candidate in line for the seat. Left out: the age is unknown for every one.
   */
  birthDates?: readonly (string | null)[];
}

export interface ListSeats {
  id: number;
  votes: number;
  byQuotient: number;
  byRemainder: number;
  seats: number;
}

export interface TieBreak {
  /** The lists tied on the remainder for the last seat(s) of a round. */
  lists: number[];
  winners: number[];
  /** What decided: more votes, the oldest candidate in line, or the lot. */
  rule: TieRule;
}

export type TieRule = "votes" | "age" | "lot";

export interface SeatAllocation {
  validVotes: number;
  seats: number;
  lists: ListSeats[];
  tieBreaks: TieBreak[];
  unfilled: number;
}

/** mulberry32: a small seeded generator; the draw only has to be replayable, not secret. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The lot: a rank per list, drawn once from the seed over the lists sorted by id. */
function lotRanks(ids: number[], seed: number): Map<number, number> {
  const order = [...ids].sort((x, y) => x - y);
  const next = seeded(seed);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  return new Map(order.map((id, rank) => [id, rank]));
}

export function allocateSeats(input: { seats: number; lists: ListCount[]; seed: number }): SeatAllocation {
  const validVotes = input.lists.reduce((sum, list) => sum + list.votes, 0);
  const rows = input.lists.map((list) => ({ ...list, byQuotient: 0, byRemainder: 0, remainder: 0 }));
  const tieBreaks: TieBreak[] = [];
  if (validVotes === 0 || input.seats <= 0) {
    return { validVotes, seats: input.seats, lists: rows.map(result), tieBreaks, unfilled: Math.max(input.seats, 0) };
  }
  for (const row of rows) {
    const quotient = Math.floor((row.votes * input.seats) / validVotes);
    row.byQuotient = Math.min(quotient, row.candidates);
    row.remainder = row.votes * input.seats - quotient * validVotes;
  }
  const lot = lotRanks(
    rows.map((row) => row.id),
    input.seed,
  );
  let left = input.seats - rows.reduce((sum, row) => sum + row.byQuotient, 0);
  while (left > 0) {
    const candidates = rows.filter((row) => row.votes > 0 && row.byQuotient + row.byRemainder < row.candidates);
    const age = ageKeys(candidates);
    const open = candidates.sort(
      (x, y) =>
        y.remainder - x.remainder ||
        y.votes - x.votes ||
        compareText(age.get(x.id) as string, age.get(y.id) as string) ||
        (lot.get(x.id) as number) - (lot.get(y.id) as number),
    );
    if (open.length === 0) break;
    const given = open.slice(0, left);
    const last = given[given.length - 1];
    const firstOut = open[given.length];
    if (last && firstOut && last.remainder === firstOut.remainder) {
      const tied = open.filter((row) => row.remainder === last.remainder);
      const rule: TieRule =
        last.votes !== firstOut.votes ? "votes" : age.get(last.id) !== age.get(firstOut.id) ? "age" : "lot";
      tieBreaks.push({
        lists: tied.map((row) => row.id),
        winners: given.filter((row) => row.remainder === last.remainder).map((row) => row.id),
        rule,
      });
    }
    for (const row of given) row.byRemainder++;
    left -= given.length;
  }
  return { validVotes, seats: input.seats, lists: rows.map(result), tieBreaks, unfilled: left };
}

const compareText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/** The birth date of the list's candidate in line for its next seat (null: unknown). */
const inLine = (row: ListCount & { byQuotient: number; byRemainder: number }) =>
  row.birthDates?.[row.byQuotient + row.byRemainder] ?? null;

/**
 * The age rule's key per list: the birth date of its candidate in line (an earlier date is older
 * and sorts first), but only inside a group tied on remainder and votes whose candidates in line
 * all have one; otherwise "" for the whole group, which leaves it to the lot.
 */
function ageKeys(rows: (ListCount & { byQuotient: number; byRemainder: number; remainder: number })[]) {
  const keys = new Map<number, string>();
  for (const row of rows) {
    const group = rows.filter((other) => other.remainder === row.remainder && other.votes === row.votes);
    const known = group.every((other) => inLine(other) !== null);
    keys.set(row.id, known ? (inLine(row) as string) : "");
  }
  return keys;
}

function result(row: ListCount & { byQuotient: number; byRemainder: number }): ListSeats {
  return {
    id: row.id,
    votes: row.votes,
    byQuotient: row.byQuotient,
    byRemainder: row.byRemainder,
    seats: row.byQuotient + row.byRemainder,
  };
}
