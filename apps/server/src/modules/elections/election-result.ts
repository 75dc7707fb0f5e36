import { allocateSeats } from "@portal/shared/rules/seat-allocation";
import type { ElectionResult } from "@portal/shared/schemas/elections";
import type { Db } from "../../db/database.ts";
import { countBallots } from "./ballot-box.repository.ts";
import { personName } from "./election-view.ts";
import { type ElectionRow, listCandidatesOf, listListsOf } from "./elections.repository.ts";
import { countedEligibleIds, isTestVoter } from "./eligibility.repository.ts";
import { registerUsers } from "./register.repository.ts";

/** Turnout in percent with one decimal; 0 when nobody is registered. */
export const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part * 1000) / whole) / 10);

/**
 * Registered voters: the counted accounts eligible now, plus those who voted and have since left
 * the register (a request refused after the vote): everyone who could have voted is counted once.
 */
async function registered(db: Db, election: ElectionRow): Promise<{ registered: number; voters: number }> {
  const eligible = new Set(await countedEligibleIds(db, election));
  const voted = (await registerUsers(db, election.id)).filter((row) => !isTestVoter(row));
  for (const row of voted) eligible.add(row.id);
  return { registered: eligible.size, voters: voted.length };
}

export async function turnout(db: Db, election: ElectionRow) {
  const { registered: registeredVoters, voters } = await registered(db, election);
  return { registeredVoters, voters, turnout: percent(voters, registeredVoters) };
}

/** The count of a closed poll (docs/rules/elections.md "The count"). */
export async function countElection(db: Db, election: ElectionRow, seed: number): Promise<ElectionResult> {
  const lists = await listListsOf(db, [election.id]);
  const candidates = await listCandidatesOf(
    db,
    lists.map((list) => list.id),
  );
  const votes = new Map<number, number>();
  let blankVotes = 0;
  let testBallots = 0;
  for (const row of await countBallots(db, election.id)) {
    const n = Number(row.n);
    if (row.is_test === 1) testBallots += n;
    else if (row.list_id === null) blankVotes += n;
    else votes.set(row.list_id, (votes.get(row.list_id) ?? 0) + n);
  }
  const allocation = allocateSeats({
    seats: election.seats,
    seed,
    lists: lists.map((list) => {
      const people = candidates.filter((c) => c.list_id === list.id);
      // In the list's order: the tie rule looks at the candidate in line for the seat.
      return {
        id: list.id,
        votes: votes.get(list.id) ?? 0,
        candidates: people.length,
        birthDates: people.map((c) => c.birth_date),
      };
    }),
  });
  const elected: ElectionResult["elected"] = [];
  for (const list of allocation.lists) {
    const people = candidates.filter((c) => c.list_id === list.id);
    people.forEach((person, index) => {
      const position = index < list.seats ? "titular" : index < list.seats * 2 ? "substitute" : null;
      if (position)
        elected.push({
          listId: list.id,
          userId: person.user_id,
          name: personName(person),
          rank: person.rank,
          position,
        });
    });
  }
  const { registered: registeredVoters, voters } = await registered(db, election);
  return {
    registeredVoters,
    voters,
    turnout: percent(voters, registeredVoters),
    blankVotes,
    validVotes: allocation.validVotes,
    testBallots,
    seats: election.seats,
    unfilledSeats: allocation.unfilled,
    lotSeed: seed,
    tieBreaks: allocation.tieBreaks,
    lists: allocation.lists.map((list) => ({
      ...list,
      name: lists.find((l) => l.id === list.id)?.name ?? "",
    })),
    elected,
  };
}
