import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  electionBody,
  endWindowNow,
  insertOwnYear,
  openWindowNow,
  parentWithRequest,
  scheduledElection,
  secondParent,
  vote,
} from "./support/elections.ts";
import { call, createTestApp, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

/** Who votes (docs/rules/elections.md "Who votes"): each parent, or one vote per family. */

let t: TestApp;
let admin: string;
let yearId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInAs(t, "Admin")).cookie;
  yearId = await insertOwnYear(t, "parents");
});
afterAll(() => t.close());

const turnout = async (id: number) =>
  (await call(t, { method: "GET", url: `/api/settings/elections/${id}/turnout`, cookie: admin })).json();

describe("one vote per parent (the default)", () => {
  it("lets both parents of one household vote and counts both; one parent voting twice is refused", async () => {
    const election = await scheduledElection(t, admin, yearId);
    const first = await parentWithRequest(t, yearId);
    const before = await turnout(election.id);
    const second = await secondParent(t, first.id);
    // The second parent is on the register as soon as the household has an accepted request (and
    // stays on it once the poll opens: the register is frozen then).
    expect((await turnout(election.id)).registeredVoters).toBe(before.registeredVoters + 1);
    await openWindowNow(t, election.id);
    const [a, b] = [await first.cookie(), await second.cookie()];
    const page = await call(t, { method: "GET", url: `/api/elections/${election.id}`, cookie: b });
    expect(page.json().myVote).toMatchObject({ eligible: true, voted: false });
    expect(page.json().voteUnit).toBe("parent");
    // Both at once: both count.
    const answers = await Promise.all([
      vote(t, a, election.id, election.lists[0]!.id),
      vote(t, b, election.id, election.lists[1]!.id),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201]);
    const again = await vote(t, b, election.id, null);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe("ELECTION_ALREADY_VOTED");
    expect((await turnout(election.id)).voters).toBe(before.voters + 2);
    const register = await t.ctx.db
      .selectFrom("election_register")
      .select("user_id")
      .where("election_id", "=", election.id)
      .execute();
    expect(register.map((r) => r.user_id).sort((x, y) => x - y)).toEqual([first.id, second.id]);

    await endWindowNow(t, election.id);
    const result = await call(t, {
      method: "GET",
      url: `/api/settings/elections/${election.id}/result`,
      cookie: admin,
    });
    expect(result.json()).toMatchObject({ voters: 2, validVotes: 2 });
    expect(result.json().lists.map((l: { votes: number }) => l.votes)).toEqual([1, 1]);
  });

  it("lets a second parent stand as a candidate", async () => {
    const first = await parentWithRequest(t, yearId);
    const second = await secondParent(t, first.id);
    const election = await scheduledElection(t, admin, yearId);
    const found = await call(t, {
      method: "GET",
      url: `/api/settings/elections/${election.id}/eligible?q=${encodeURIComponent(second.email)}`,
      cookie: admin,
    });
    expect(found.statusCode).toBe(200);
    expect(found.json().items.map((i: { userId: number }) => i.userId)).toContain(second.id);
  });
});

describe("one vote per family (chosen per election)", () => {
  it("takes the household's first vote and refuses the other parent's", async () => {
    const election = await scheduledElection(t, admin, yearId, { voteUnit: "family" });
    const first = await parentWithRequest(t, yearId);
    await openWindowNow(t, election.id);
    const before = await turnout(election.id);
    const second = await secondParent(t, first.id);
    // The household is one voter: its second account adds nobody to the register.
    expect((await turnout(election.id)).registeredVoters).toBe(before.registeredVoters);
    expect((await vote(t, await second.cookie(), election.id, null)).statusCode).toBe(201);
    const refused = await vote(t, await first.cookie(), election.id, election.lists[0]!.id);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe("ELECTION_ALREADY_VOTED");
    const page = await call(t, { method: "GET", url: `/api/elections/${election.id}`, cookie: await first.cookie() });
    expect(page.json().myVote).toMatchObject({ eligible: true, voted: true });
    expect((await turnout(election.id)).voters).toBe(before.voters + 1);
  });

  it("keeps the unit through an edit that leaves it out, and refuses an unknown one", async () => {
    const created = await call(t, {
      method: "POST",
      url: "/api/settings/elections",
      cookie: admin,
      payload: electionBody(yearId, { voteUnit: "family" }),
    });
    expect(created.json().voteUnit).toBe("family");
    const edited = await call(t, {
      method: "PUT",
      url: `/api/settings/elections/${created.json().id}`,
      cookie: admin,
      payload: { ...electionBody(yearId, { seats: 3 }), version: created.json().version },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ seats: 3, voteUnit: "family" });
    const bad = await call(t, {
      method: "POST",
      url: "/api/settings/elections",
      cookie: admin,
      payload: electionBody(yearId, { voteUnit: "household" }),
    });
    expect(bad.statusCode).toBe(400);
  });
});
