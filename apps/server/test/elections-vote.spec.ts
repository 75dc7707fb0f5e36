import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moveBatch } from "../src/modules/elections/ballot-batches.ts";
import { purgeElectionRegisters } from "../src/modules/elections/register-purge.ts";
import {
  endWindowNow,
  insertOwnYear,
  openWindowNow,
  parentWithRequest,
  scheduledElection,
  vote,
} from "./support/elections.ts";
import { call, createTestApp, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

let t: TestApp;
let admin: string;
let yearId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInAs(t, "Admin")).cookie;
  yearId = await insertOwnYear(t, "vote");
});
afterAll(() => t.close());

/**
 * The election's ballots as the count will see them: those still waiting for their batch moved in
 * first, as the close does (docs/elections.md "The ballot box during the poll").
 */
const ballots = async (id: number) => {
  await moveBatch(t.ctx, id);
  return t.ctx.db.selectFrom("election_ballots").selectAll().where("election_id", "=", id).execute();
};
const waiting = (id: number) =>
  t.ctx.db.selectFrom("election_pending_ballots").select("id").where("election_id", "=", id).execute();

describe("the vote", () => {
  it("refuses a vote before the window with the opening time, and after it with the closing time", async () => {
    const election = await scheduledElection(t, admin, yearId);
    const parent = await parentWithRequest(t, yearId);
    const cookie = await parent.cookie();
    const early = await vote(t, cookie, election.id, election.lists[0]!.id);
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).code).toBe("ELECTION_NOT_OPEN_YET");
    // The opening in the school's local time (UTC−5), to the minute.
    const row = await t.ctx.db
      .selectFrom("elections")
      .select("opens_at")
      .where("id", "=", election.id)
      .executeTakeFirstOrThrow();
    const local = new Date(Date.parse(row.opens_at) - 5 * 3_600_000).toISOString();
    expect(errorOf(early).message).toContain(`${local.slice(0, 10)} ${local.slice(11, 16)}`);

    await endWindowNow(t, election.id);
    const late = await vote(t, cookie, election.id, null);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).code).toBe("ELECTION_CLOSED");
    expect(await ballots(election.id)).toEqual([]);
  });

  it("takes one vote in the window with a receipt, refuses the second, and records who voted and when", async () => {
    const election = await scheduledElection(t, admin, yearId);
    const parent = await parentWithRequest(t, yearId);
    await openWindowNow(t, election.id);
    const cookie = await parent.cookie();
    const first = await vote(t, cookie, election.id, election.lists[1]!.id);
    expect(first.statusCode).toBe(201);
    expect(first.json().receiptCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    const second = await vote(t, cookie, election.id, null);
    expect(second.statusCode).toBe(409);
    expect(errorOf(second).code).toBe("ELECTION_ALREADY_VOTED");
    // The ballot waits, sealed, for its batch; the register keeps the hour, not the second.
    expect(await waiting(election.id)).toHaveLength(1);
    expect(first.json().votedAt).toMatch(/T\d\d:00:00\.000Z$/);

    expect(await ballots(election.id)).toEqual([
      { election_id: election.id, receipt_code: first.json().receiptCode, list_id: election.lists[1]!.id, is_test: 0 },
    ]);
    const page = await call(t, { method: "GET", url: `/api/elections/${election.id}`, cookie });
    expect(page.json().myVote).toEqual({ eligible: true, reason: null, voted: true, votedAt: first.json().votedAt });
    // Voting is not an audited action: no event names the voter at that moment.
    const events = await t.ctx.db
      .selectFrom("audit_events")
      .select("event")
      .where("actor_user_id", "=", parent.id)
      .execute();
    expect(events.map((e) => e.event)).toEqual(["login.success"]);
  });

  it("gives exactly one ballot when two tabs vote at once", async () => {
    const election = await scheduledElection(t, admin, yearId);
    const parent = await parentWithRequest(t, yearId);
    await openWindowNow(t, election.id);
    const [a, b] = [await parent.cookie(), await parent.cookie()];
    const answers = await Promise.all([
      vote(t, a, election.id, election.lists[0]!.id),
      vote(t, b, election.id, election.lists[1]!.id),
      vote(t, a, election.id, null),
      vote(t, b, election.id, election.lists[0]!.id),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(answers.filter((r) => r.statusCode === 409).map((r) => errorOf(r).code)).toEqual([
      "ELECTION_ALREADY_VOTED",
      "ELECTION_ALREADY_VOTED",
      "ELECTION_ALREADY_VOTED",
    ]);
    expect(await ballots(election.id)).toHaveLength(1);
    const register = await t.ctx.db
      .selectFrom("election_register")
      .selectAll()
      .where("election_id", "=", election.id)
      .execute();
    expect(register.map((r) => r.user_id)).toEqual([parent.id]);
  });

  it("refuses with 403 and a reason a parent whose request is not accepted, and staff", async () => {
    const election = await scheduledElection(t, admin, yearId);
    const untreated = await parentWithRequest(t, yearId, { status: "Untreated" });
    await openWindowNow(t, election.id);
    const refused = await vote(t, await untreated.cookie(), election.id, null);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe("ELECTION_NOT_ELIGIBLE");
    expect(errorOf(refused).message).toMatch(/padrón/);
    const page = await call(t, {
      method: "GET",
      url: `/api/elections/${election.id}`,
      cookie: await untreated.cookie(),
    });
    expect(page.json().myVote).toMatchObject({ eligible: false, reason: "ELECTION_NOT_ELIGIBLE", voted: false });
    const secretary = await signedInAs(t, "Secretaria");
    expect((await vote(t, secretary.cookie, election.id, null)).statusCode).toBe(403);
    expect(await ballots(election.id)).toEqual([]);
  });

  it("refuses with 400 a list of another election, and with 400 a malformed choice", async () => {
    const election = await scheduledElection(t, admin, yearId);
    const other = await scheduledElection(t, admin, yearId);
    const cookie = await (await parentWithRequest(t, yearId)).cookie();
    await openWindowNow(t, election.id);
    const wrong = await vote(t, cookie, election.id, other.lists[0]!.id);
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).code).toBe("ELECTION_LIST_OF_ANOTHER_ELECTION");
    for (const payload of [
      {},
      { listId: null },
      { listId: "1" },
      { listId: -1 },
      { listId: 1, extra: 1 },
      { listId: 1.5 },
      { listId: 1, blank: true },
      { blank: false },
    ]) {
      const bad = await call(t, { method: "POST", url: `/api/elections/${election.id}/vote`, cookie, payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await ballots(election.id)).toEqual([]);
  });

  it("keeps the Test account's ballot apart and never counts it", async () => {
    const election = await scheduledElection(t, admin, yearId);
    const tester = await parentWithRequest(t, yearId, { role: "Prueba" });
    await openWindowNow(t, election.id);
    expect((await vote(t, await tester.cookie(), election.id, election.lists[0]!.id)).statusCode).toBe(201);
    expect((await ballots(election.id)).map((b) => b.is_test)).toEqual([1]);
    await endWindowNow(t, election.id);
    const result = await call(t, {
      method: "GET",
      url: `/api/settings/elections/${election.id}/result`,
      cookie: admin,
    });
    expect(result.json()).toMatchObject({ voters: 0, validVotes: 0, blankVotes: 0, testBallots: 1 });
  });
});

describe("results", () => {
  it("are invisible until the close (turnout only), then counted, published, and shown to families", async () => {
    const election = await scheduledElection(t, admin, yearId, { seats: 2, lists: [2, 3] });
    const voters = [];
    for (let i = 0; i < 4; i++) voters.push(await parentWithRequest(t, yearId));
    await openWindowNow(t, election.id);
    const [a, b] = election.lists;
    const choices = [a!.id, a!.id, b!.id, null];
    for (const [i, voter] of voters.entries()) {
      expect((await vote(t, await voter.cookie(), election.id, choices[i]!)).statusCode).toBe(201);
    }
    const early = await call(t, { method: "GET", url: `/api/settings/elections/${election.id}/result`, cookie: admin });
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).code).toBe("ELECTION_NOT_CLOSED");
    const turnout = await call(t, {
      method: "GET",
      url: `/api/settings/elections/${election.id}/turnout`,
      cookie: admin,
    });
    expect(turnout.statusCode).toBe(200);
    expect(turnout.json().voters).toBe(4);
    expect(Object.keys(turnout.json()).sort()).toEqual(["registeredVoters", "turnout", "voters"]);
    const family = await voters[0]!.cookie();
    const inProgress = await call(t, { method: "GET", url: "/api/elections?phase=in-progress", cookie: family });
    const mine = inProgress.json().items.find((e: { id: number }) => e.id === election.id);
    expect(mine.result).toBeNull();

    const version = (await call(t, { method: "GET", url: "/api/settings/elections", cookie: admin }))
      .json()
      .items.find((e: { id: number }) => e.id === election.id).version;
    const closed = await call(t, {
      method: "POST",
      url: `/api/settings/elections/${election.id}/close`,
      cookie: admin,
      // Opened two hours ago: before the announced minimum, so with a reason.
      payload: { version, reason: "Prueba de cierre" },
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().status).toBe("closed");
    expect((await vote(t, await (await parentWithRequest(t, yearId)).cookie(), election.id, null)).statusCode).toBe(
      409,
    );

    const count = await call(t, { method: "GET", url: `/api/settings/elections/${election.id}/result`, cookie: admin });
    expect(count.statusCode).toBe(200);
    const result = count.json();
    // 3 valid votes, 2 seats, quota 1.5: list A 2 votes = 1 r 1 (×2: 4 − 3), list B 1 vote = 0 r 2: one seat each.
    expect(result).toMatchObject({
      voters: 4,
      blankVotes: 1,
      validVotes: 3,
      testBallots: 0,
      seats: 2,
      unfilledSeats: 0,
    });
    expect(result.lists.map((l: { id: number; votes: number; seats: number }) => [l.id, l.votes, l.seats])).toEqual([
      [a!.id, 2, 1],
      [b!.id, 1, 1],
    ]);
    expect(result.elected.map((e: { userId: number; position: string }) => [e.userId, e.position])).toEqual([
      [a!.candidates[0], "titular"],
      [a!.candidates[1], "substitute"],
      [b!.candidates[0], "titular"],
      [b!.candidates[1], "substitute"],
    ]);
    expect(result.registeredVoters).toBeGreaterThanOrEqual(4);

    const published = await call(t, {
      method: "POST",
      url: `/api/settings/elections/${election.id}/publish`,
      cookie: admin,
      payload: { version: closed.json().version },
    });
    expect(published.statusCode).toBe(200);
    expect(published.json().status).toBe("published");
    const completed = await call(t, { method: "GET", url: "/api/elections?phase=completed", cookie: family });
    const shown = completed.json().items.find((e: { id: number }) => e.id === election.id);
    expect(shown.result).toEqual(result);
    const events = await t.ctx.db
      .selectFrom("audit_events")
      .select("event")
      .where("details", "like", `%"electionId":${election.id},%`)
      .execute();
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(["election.closed", "election.published"]));
  });

  it("deletes the register's times once published for the retention days, keeping who voted and the counts", async () => {
    const election = await scheduledElection(t, admin, yearId);
    const voter = await parentWithRequest(t, yearId);
    await openWindowNow(t, election.id);
    expect((await vote(t, await voter.cookie(), election.id, null)).statusCode).toBe(201);
    await endWindowNow(t, election.id);
    const version = (await call(t, { method: "GET", url: "/api/settings/elections", cookie: admin }))
      .json()
      .items.find((e: { id: number }) => e.id === election.id).version;
    const published = await call(t, {
      method: "POST",
      url: `/api/settings/elections/${election.id}/publish`,
      cookie: admin,
      payload: { version },
    });
    expect(published.statusCode).toBe(200);
    const register = () =>
      t.ctx.db.selectFrom("election_register").selectAll().where("election_id", "=", election.id).execute();
    // Nine days later nothing is purged; eleven days later (default retention 10) the times are gone.
    expect(await purgeElectionRegisters(t.ctx, new Date(Date.now() + 9 * 86_400_000))).not.toContain(election.id);
    expect((await register())[0]?.voted_at).not.toBeNull();
    expect(await purgeElectionRegisters(t.ctx, new Date(Date.now() + 11 * 86_400_000))).toContain(election.id);
    expect(await register()).toEqual([{ election_id: election.id, user_id: voter.id, voted_at: null }]);
    expect(await ballots(election.id)).toHaveLength(1);
    const page = await call(t, { method: "GET", url: `/api/elections/${election.id}`, cookie: await voter.cookie() });
    expect(page.json().myVote).toMatchObject({ voted: true, votedAt: null });
    expect(page.json().result).toMatchObject({ voters: 1, blankVotes: 1 });
  });
});
