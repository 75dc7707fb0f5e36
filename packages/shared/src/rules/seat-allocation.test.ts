import { describe, expect, it } from "vitest";
import { allocateSeats } from "./seat-allocation.ts";

const seatsOf = (allocation: ReturnType<typeof allocateSeats>) =>
  Object.fromEntries(allocation.lists.map((list) => [list.id, list.seats]));

describe("allocateSeats (largest remainder, Hare quota)", () => {
  it("gives the quotients, then the seats left by largest remainder (800 votes, 5 seats, quota 160)", () => {
    const result = allocateSeats({
      seats: 5,
      seed: 1,
      lists: [
        { id: 1, votes: 412, candidates: 10 },
        { id: 2, votes: 288, candidates: 10 },
        { id: 3, votes: 100, candidates: 10 },
      ],
    });
    // 412/160 = 2 r 92, 288/160 = 1 r 128, 100/160 = 0 r 100: the two seats left go to 2 then 3.
    expect(result.lists).toEqual([
      { id: 1, votes: 412, byQuotient: 2, byRemainder: 0, seats: 2 },
      { id: 2, votes: 288, byQuotient: 1, byRemainder: 1, seats: 2 },
      { id: 3, votes: 100, byQuotient: 0, byRemainder: 1, seats: 1 },
    ]);
    expect(result.tieBreaks).toEqual([]);
    expect(result.unfilled).toBe(0);
  });

  it("breaks a tie on the remainder in favour of the list with more votes", () => {
    // 4 valid votes, 2 seats, quota 2: 3 votes = 1 r 1, 1 vote = 0 r 1; the last seat goes to the 3.
    const result = allocateSeats({
      seats: 2,
      seed: 7,
      lists: [
        { id: 1, votes: 1, candidates: 4 },
        { id: 2, votes: 3, candidates: 4 },
      ],
    });
    expect(seatsOf(result)).toEqual({ 1: 0, 2: 2 });
    expect(result.tieBreaks).toEqual([{ lists: [2, 1], winners: [2], rule: "votes" }]);
  });

  it("draws lots between lists with the same remainder and the same votes, replayably from the seed", () => {
    const draw = (seed: number) =>
      allocateSeats({
        seats: 1,
        seed,
        lists: [
          { id: 10, votes: 50, candidates: 2 },
          { id: 20, votes: 50, candidates: 2 },
        ],
      });
    const winners = new Set<number>();
    for (let seed = 1; seed <= 40; seed++) {
      const result = draw(seed);
      expect(result.tieBreaks).toHaveLength(1);
      expect(result.tieBreaks[0]?.rule).toBe("lot");
      const winner = result.tieBreaks[0]?.winners[0] as number;
      expect(seatsOf(result)[winner]).toBe(1);
      // The same seed draws the same list every time.
      expect(draw(seed).tieBreaks[0]?.winners).toEqual([winner]);
      winners.add(winner);
    }
    // Over forty seeds both lists win at least once: a real draw, not a fixed order.
    expect([...winners].sort()).toEqual([10, 20]);
  });

  it("gives no seat to a list with no votes, even by remainder", () => {
    const result = allocateSeats({
      seats: 2,
      seed: 3,
      lists: [
        { id: 1, votes: 7, candidates: 4 },
        { id: 2, votes: 3, candidates: 4 },
        { id: 3, votes: 0, candidates: 4 },
      ],
    });
    // Quota 5: 7 = 1 r 4 (in tenths: 14 − 10), 3 = 0 r 6, 0 = 0 r 0.
    expect(seatsOf(result)).toEqual({ 1: 1, 2: 1, 3: 0 });
    expect(result.unfilled).toBe(0);
  });

  it("leaves a seat unfilled rather than give it to a list with no votes", () => {
    const result = allocateSeats({
      seats: 3,
      seed: 3,
      lists: [
        { id: 1, votes: 10, candidates: 2 },
        { id: 2, votes: 0, candidates: 6 },
      ],
    });
    expect(seatsOf(result)).toEqual({ 1: 2, 2: 0 });
    expect(result.unfilled).toBe(1);
  });

  it("caps a list at its candidates and gives the surplus to the others, one per round", () => {
    const result = allocateSeats({
      seats: 4,
      seed: 5,
      lists: [
        { id: 1, votes: 90, candidates: 2 },
        { id: 2, votes: 10, candidates: 4 },
      ],
    });
    expect(result.lists).toEqual([
      { id: 1, votes: 90, byQuotient: 2, byRemainder: 0, seats: 2 },
      { id: 2, votes: 10, byQuotient: 0, byRemainder: 2, seats: 2 },
    ]);
  });

  it("gives no seat when every vote is blank", () => {
    const result = allocateSeats({
      seats: 3,
      seed: 1,
      lists: [
        { id: 1, votes: 0, candidates: 3 },
        { id: 2, votes: 0, candidates: 3 },
      ],
    });
    expect(seatsOf(result)).toEqual({ 1: 0, 2: 0 });
    expect(result.validVotes).toBe(0);
    expect(result.unfilled).toBe(3);
  });

  it("fills every seat and never more than the seats, over many counts", () => {
    for (let seed = 1; seed <= 200; seed++) {
      const lists = [1, 2, 3, 4].map((id) => ({ id, votes: (seed * id * 7919) % 97, candidates: 8 }));
      const result = allocateSeats({ seats: 5, seed, lists });
      const total = result.lists.reduce((sum, list) => sum + list.seats, 0);
      if (result.validVotes > 0) expect(total).toBe(5);
      for (const list of result.lists) if (list.votes === 0) expect(list.seats).toBe(0);
    }
  });
});

describe("the legal tie rule: the oldest candidate in line (arrêté du 13 mai 1985, art. 1)", () => {
  // 4 valid votes, 3 seats, quota 4/3: each list 2 × 3 / 4 = 1 r 2 (in integers: 6 − 4); one seat
  // left, equal remainders and equal votes: it goes to the list whose second candidate is older.
  const tied = (a: (string | null)[], b: (string | null)[], seed = 1) =>
    allocateSeats({
      seats: 3,
      seed,
      lists: [
        { id: 1, votes: 2, candidates: 3, birthDates: a },
        { id: 2, votes: 2, candidates: 3, birthDates: b },
      ],
    });

  it("gives the seat to the list whose candidate in line is the oldest, whatever the lot", () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      // The heads of the lists (already seated by quotient) do not matter: list 1's is the oldest.
      const result = tied(["1950-01-01", "1984-06-30", null], ["1990-01-01", "1979-11-02", null], seed);
      expect(seatsOf(result)).toEqual({ 1: 1, 2: 2 });
      expect(result.tieBreaks).toEqual([{ lists: [2, 1], winners: [2], rule: "age" }]);
    }
  });

  it("compares to the day: born a day earlier is older", () => {
    const result = tied([null, "1980-03-14", null], [null, "1980-03-15", null]);
    expect(seatsOf(result)).toEqual({ 1: 2, 2: 1 });
    expect(result.tieBreaks[0]?.rule).toBe("age");
  });

  it("draws lots when the candidates in line were born the same day, or one date is unknown", () => {
    const winners = new Set<number>();
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
      for (const result of [
        tied([null, "1980-03-14", null], [null, "1980-03-14", null], seed),
        tied([null, "1970-01-01", null], [null, null, null], seed),
      ]) {
        expect(result.tieBreaks).toHaveLength(1);
        expect(result.tieBreaks[0]?.rule).toBe("lot");
        winners.add(result.tieBreaks[0]?.winners[0] as number);
      }
    }
    // The lot, not the known date, decides: over ten seeds both lists win some.
    expect([...winners].sort()).toEqual([1, 2]);
  });

  it("looks at each list's next candidate, round after round, with three lists for two seats", () => {
    // 3 valid votes, 2 seats, quota 1.5: each list 0 r 2; two seats for three tied lists: the two
    // lists whose first candidates are the oldest win, in that order.
    const result = allocateSeats({
      seats: 2,
      seed: 9,
      lists: [
        { id: 1, votes: 1, candidates: 2, birthDates: ["1985-02-01", "1940-01-01"] },
        { id: 2, votes: 1, candidates: 2, birthDates: ["1978-07-20", null] },
        { id: 3, votes: 1, candidates: 2, birthDates: ["1981-12-31", null] },
      ],
    });
    expect(seatsOf(result)).toEqual({ 1: 0, 2: 1, 3: 1 });
    expect(result.tieBreaks).toEqual([{ lists: [2, 3, 1], winners: [2, 3], rule: "age" }]);
  });

  it("still gives the seat to more votes before any age", () => {
    const result = allocateSeats({
      seats: 2,
      seed: 7,
      lists: [
        { id: 1, votes: 1, candidates: 4, birthDates: ["1930-01-01", "1930-01-01"] },
        { id: 2, votes: 3, candidates: 4, birthDates: ["1999-01-01", "1999-01-01"] },
      ],
    });
    expect(seatsOf(result)).toEqual({ 1: 0, 2: 2 });
    expect(result.tieBreaks[0]?.rule).toBe("votes");
  });
});
