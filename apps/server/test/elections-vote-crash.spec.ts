import { afterAll, describe, expect, it } from "vitest";
import { BALLOT_BATCH } from "../src/modules/elections/ballot-batches.ts";
import {
  adminElection,
  endWindowNow,
  insertOwnYear,
  openWindowNow,
  parentWithRequest,
  scheduledElection,
} from "./support/elections.ts";
import { createOwnDatabase, type OwnDatabase } from "./support/own-database.ts";
import { freePort, type ServerProcess, startServerProcess, waitUntil } from "./support/server-process.ts";
import { call, createTestApp, loginAs, signedInAs, type TestApp } from "./support/test-app.ts";

/**
 * A vote answered is never lost, even when the server process is killed (docs/elections.md "The
 * ballot box during the poll"): votes are cast over HTTP to a real server process, which is then
 * killed with SIGKILL while their ballots wait for their batch (SQLite: still in the WAL, not
 * checkpointed). The next portal on the same data counts them all and their receipts check.
 */

let own: OwnDatabase | undefined;
let t: TestApp | undefined;
let server: ServerProcess | undefined;
afterAll(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
  if (server) await server.exited;
  await t?.close();
  await own?.drop();
});

describe("a server killed while ballots wait for their batch", () => {
  it("loses none: the next portal counts every vote it answered", async () => {
    own = await createOwnDatabase("vote-crash");
    t = await createTestApp(own.env);
    const admin = (await signedInAs(t, "Admin")).cookie;
    const yearId = await insertOwnYear(t, "vote-crash");
    const election = await scheduledElection(t, admin, yearId);
    const count = BALLOT_BATCH - 1;
    const voters = [];
    for (let i = 0; i < count; i++) voters.push(await parentWithRequest(t, yearId));
    await openWindowNow(t, election.id);
    const cookies = [];
    for (const voter of voters) cookies.push(await voter.cookie());
    await t.close();
    t = undefined;

    const port = await freePort();
    server = startServerProcess({
      ...own.env,
      NODE_ENV: "development",
      SEED_DEMO: "false",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
    });
    const running = server;
    await waitUntil(running, "ready", () => (running.stdout().includes("ready on") ? true : undefined));
    const cast: { list: number; code: string }[] = [];
    for (const [i, cookie] of cookies.entries()) {
      const list = election.lists[i % 2]!.id;
      const answer = await fetch(`http://127.0.0.1:${port}/api/elections/${election.id}/vote`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ listId: list }),
      });
      expect(answer.status).toBe(201);
      cast.push({ list, code: ((await answer.json()) as { receiptCode: string }).receiptCode });
    }
    running.child.kill("SIGKILL");
    expect((await running.exited).signal).toBe("SIGKILL");

    t = await createTestApp(own.env);
    const waiting = await t.ctx.db
      .selectFrom("election_pending_ballots")
      .select("id")
      .where("election_id", "=", election.id)
      .execute();
    expect(waiting).toHaveLength(count);
    await endWindowNow(t, election.id);
    const after = (await signedInAs(t, "Admin")).cookie;
    const version = (await adminElection(t, after, election.id)).version;
    const published = await call(t, {
      method: "POST",
      url: `/api/settings/elections/${election.id}/publish`,
      cookie: after,
      payload: { version },
    });
    expect(published.statusCode).toBe(200);
    const result = await call(t, {
      method: "GET",
      url: `/api/settings/elections/${election.id}/result`,
      cookie: after,
    });
    for (const list of election.lists) {
      const votes = result.json().lists.find((l: { id: number }) => l.id === list.id).votes;
      expect(votes).toBe(cast.filter((c) => c.list === list.id).length);
    }
    const checker = await loginAs(t, voters[0]!.email);
    for (const { code } of cast) {
      const checked = await call(t, {
        method: "POST",
        url: `/api/elections/${election.id}/receipt`,
        cookie: checker,
        payload: { receiptCode: code },
      });
      expect(checked.json()).toEqual({ electionId: election.id, counted: true });
    }
  }, 120_000);
});
