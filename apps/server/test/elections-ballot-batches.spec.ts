import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSecretBox } from "../src/lib/secret-box.ts";
import { BALLOT_BATCH, batchesSettled } from "../src/modules/elections/ballot-batches.ts";
import { resealPendingBallots } from "../src/modules/elections/pending-ballots.repository.ts";
import { purgeElectionRegisters } from "../src/modules/elections/register-purge.ts";
import {
  adminElection,
  endWindowNow,
  insertOwnYear,
  openWindowNow,
  parentWithRequest,
  type SetUp,
  scheduledElection,
  vote,
} from "./support/elections.ts";
import { createOwnDatabase, type OwnDatabase } from "./support/own-database.ts";
import { call, createTestApp, loginAs, signedInAs, type TestApp } from "./support/test-app.ts";

/**
 * The ballot box fills in batches (docs/elections.md "The ballot box during the poll"): a vote
 * answered is never lost — across a restart, or when the database refuses a batch — and the
 * count is of every vote answered. At every step each register line has its ballot, waiting or
 * in the box, and no ballot is without one. A database of its own: the test restarts the portal on
 * it and puts a fault in its schema.
 */

let own: OwnDatabase;
let t: TestApp;
let admin: string;
let yearId: number;
beforeAll(async () => {
  own = await createOwnDatabase("ballot-batches");
  // The server's key, named: the rotation's test below replaces it.
  own.env.DATA_ENCRYPTION_KEY = randomBytes(32).toString("hex");
  t = await createTestApp(own.env);
  admin = (await signedInAs(t, "Admin")).cookie;
  yearId = await insertOwnYear(t, "ballot-batches");
}, 60_000);
afterAll(async () => {
  await t?.close();
  await own?.drop();
});

async function openElection(voterCount: number) {
  const election = await scheduledElection(t, admin, yearId);
  const voters = [];
  for (let i = 0; i < voterCount; i++) voters.push(await parentWithRequest(t, yearId));
  await openWindowNow(t, election.id);
  return { election, voters };
}

/** Register lines, ballots waiting and ballots in the box of the election. */
async function tally(electionId: number) {
  const count = async (table: "election_register" | "election_pending_ballots" | "election_ballots") =>
    Number(
      (
        await t.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .where("election_id", "=", electionId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const [register, waiting, boxed] = [
    await count("election_register"),
    await count("election_pending_ballots"),
    await count("election_ballots"),
  ];
  // Both or neither: every register line has its ballot somewhere, and every ballot its line.
  expect(waiting + boxed).toBe(register);
  return { register, waiting, boxed };
}

async function publishAndCheck(election: SetUp, cast: { cookie: string; code: string; list: number }[]) {
  const version = (await adminElection(t, admin, election.id)).version;
  const published = await call(t, {
    method: "POST",
    url: `/api/settings/elections/${election.id}/publish`,
    cookie: admin,
    payload: { version },
  });
  expect(published.statusCode).toBe(200);
  const result = await call(t, { method: "GET", url: `/api/settings/elections/${election.id}/result`, cookie: admin });
  const votesOf = (listId: number) => result.json().lists.find((list: { id: number }) => list.id === listId).votes;
  for (const list of election.lists) expect(votesOf(list.id)).toBe(cast.filter((c) => c.list === list.id).length);
  for (const { cookie, code } of cast) {
    const checked = await call(t, {
      method: "POST",
      url: `/api/elections/${election.id}/receipt`,
      cookie,
      payload: { receiptCode: code },
    });
    expect(checked.json()).toEqual({ electionId: election.id, counted: true });
  }
}

async function castAll(election: SetUp, voters: Awaited<ReturnType<typeof parentWithRequest>>[]) {
  const cast = [];
  for (const [i, voter] of voters.entries()) {
    const cookie = await voter.cookie();
    const list = election.lists[i % 3 === 0 ? 1 : 0]!.id;
    const answer = await vote(t, cookie, election.id, list);
    expect(answer.statusCode).toBe(201);
    cast.push({ cookie, code: answer.json().receiptCode as string, list });
  }
  // A batch runs once the vote is answered, beside the requests: the checks below come after it.
  await batchesSettled(t.ctx);
  return cast;
}

describe("ballots waiting for their batch", () => {
  it("are counted after a restart of the portal", async () => {
    const { election, voters } = await openElection(3);
    const cast = await castAll(election, voters);
    expect(await tally(election.id)).toEqual({ register: 3, waiting: 3, boxed: 0 });
    await t.close();
    t = await createTestApp(own.env);
    admin = (await signedInAs(t, "Admin")).cookie;
    // The voters sign in again on the new portal (the helper's cookie() is bound to the old one).
    for (const [i, c] of cast.entries()) c.cookie = await loginAs(t, voters[i]!.email);
    expect(await tally(election.id)).toEqual({ register: 3, waiting: 3, boxed: 0 });
    // A second vote after the restart is still refused: the register line came through it.
    const again = await vote(t, cast[0]!.cookie, election.id, election.lists[0]!.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("ELECTION_ALREADY_VOTED");
    await endWindowNow(t, election.id);
    // The count before publication moves them in first.
    const count = await call(t, { method: "GET", url: `/api/settings/elections/${election.id}/result`, cookie: admin });
    expect(count.statusCode).toBe(200);
    expect(count.json().lists.reduce((sum: number, list: { votes: number }) => sum + list.votes, 0)).toBe(3);
    expect(await tally(election.id)).toEqual({ register: 3, waiting: 0, boxed: 3 });
    await publishAndCheck(election, cast);
  }, 60_000);

  it("stay waiting, every vote answered, while the database refuses a batch; the next batch and the close take them", async () => {
    const voterCount = BALLOT_BATCH + 5;
    const { election, voters } = await openElection(voterCount);
    // A real refusal by the database: a trigger that fails every write into the box.
    if (t.ctx.engine === "sqlite") {
      await sql`create trigger refuse_ballots before insert on election_ballots
        begin select raise(abort, 'the box refuses'); end`.execute(t.ctx.db);
    } else {
      await sql`create function refuse_ballots() returns trigger language plpgsql as $$
        begin raise exception 'the box refuses'; end $$`.execute(t.ctx.db);
      await sql`create trigger refuse_ballots before insert on election_ballots
        for each row execute function refuse_ballots()`.execute(t.ctx.db);
    }
    const first = await castAll(election, voters.slice(0, BALLOT_BATCH + 2));
    expect(await tally(election.id)).toEqual({ register: BALLOT_BATCH + 2, waiting: BALLOT_BATCH + 2, boxed: 0 });
    await sql`drop trigger refuse_ballots${sql.raw(t.ctx.engine === "postgres" ? " on election_ballots" : "")}`.execute(
      t.ctx.db,
    );
    // The next vote's batch takes every ballot waiting.
    const second = await castAll(election, voters.slice(BALLOT_BATCH + 2, BALLOT_BATCH + 3));
    expect(await tally(election.id)).toEqual({ register: BALLOT_BATCH + 3, waiting: 0, boxed: BALLOT_BATCH + 3 });
    const last = await castAll(election, voters.slice(BALLOT_BATCH + 3));
    expect(await tally(election.id)).toEqual({ register: voterCount, waiting: 2, boxed: BALLOT_BATCH + 3 });
    // Closed by the clock: the elections' job moves the last ones in within its minute.
    await endWindowNow(t, election.id);
    await purgeElectionRegisters(t.ctx);
    expect(await tally(election.id)).toEqual({ register: voterCount, waiting: 0, boxed: voterCount });
    // castAll alternates lists the same way in each slice: the receipts say which list each chose.
    await publishAndCheck(election, [...first, ...second, ...last]);
  }, 60_000);

  it("of a cancelled poll join its box at the cancel, or by the job when the box refused them then", async () => {
    const cancel = async (electionId: number) => {
      const version = (await adminElection(t, admin, electionId)).version;
      const response = await call(t, {
        method: "POST",
        url: `/api/settings/elections/${electionId}/cancel`,
        cookie: admin,
        payload: { version, reason: "Incidente en la votación" },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const { election, voters } = await openElection(3);
    await castAll(election, voters);
    expect(await tally(election.id)).toEqual({ register: 3, waiting: 3, boxed: 0 });
    await cancel(election.id);
    expect(await tally(election.id)).toEqual({ register: 3, waiting: 0, boxed: 3 });

    // The box refusing the move at the cancel: the cancel stands, the ballots wait for the job.
    const refused = await openElection(2);
    await castAll(refused.election, refused.voters);
    if (t.ctx.engine === "sqlite") {
      await sql`create trigger refuse_ballots before insert on election_ballots
        begin select raise(abort, 'the box refuses'); end`.execute(t.ctx.db);
    } else {
      await sql`create or replace function refuse_ballots() returns trigger language plpgsql as $$
        begin raise exception 'the box refuses'; end $$`.execute(t.ctx.db);
      await sql`create trigger refuse_ballots before insert on election_ballots
        for each row execute function refuse_ballots()`.execute(t.ctx.db);
    }
    await cancel(refused.election.id);
    expect((await adminElection(t, admin, refused.election.id)).status).toBe("cancelled");
    expect(await tally(refused.election.id)).toEqual({ register: 2, waiting: 2, boxed: 0 });
    await sql`drop trigger refuse_ballots${sql.raw(t.ctx.engine === "postgres" ? " on election_ballots" : "")}`.execute(
      t.ctx.db,
    );
    await purgeElectionRegisters(t.ctx);
    expect(await tally(refused.election.id)).toEqual({ register: 2, waiting: 0, boxed: 2 });
  }, 60_000);

  it("open under the new key after a rotation that sealed them again, the previous key gone", async () => {
    const { election, voters } = await openElection(2);
    const cast = await castAll(election, voters);
    const current = Buffer.from(own.env.DATA_ENCRYPTION_KEY as string, "hex");
    const next = randomBytes(32);
    // The rotation's step 3 (cli/rotate-data-key.ts), with the new key and the previous one.
    expect(await resealPendingBallots(t.ctx.db, createSecretBox(next, current))).toBe(2);
    expect(await resealPendingBallots(t.ctx.db, createSecretBox(next, current))).toBe(0);
    // Step 4: the portal restarted with the new key only still counts them.
    await t.close();
    t = await createTestApp({ ...own.env, DATA_ENCRYPTION_KEY: next.toString("hex") });
    admin = (await signedInAs(t, "Admin")).cookie;
    for (const [i, c] of cast.entries()) c.cookie = await loginAs(t, voters[i]!.email);
    await endWindowNow(t, election.id);
    await publishAndCheck(election, cast);
  }, 60_000);
});
