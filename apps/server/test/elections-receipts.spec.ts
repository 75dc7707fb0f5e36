import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminElection,
  endWindowNow,
  insertOwnYear,
  openWindowNow,
  parentWithRequest,
  scheduledElection,
  vote,
} from "./support/elections.ts";
import { call, createTestApp, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

/** Receipts (docs/rules/elections.md "Receipts and one vote"): "counted", after publication only. */

let t: TestApp;
let admin: string;
let yearId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInAs(t, "Admin")).cookie;
  yearId = await insertOwnYear(t, "receipts");
});
afterAll(() => t.close());

const check = (cookie: string, id: number, receiptCode: unknown) =>
  call(t, { method: "POST", url: `/api/elections/${id}/receipt`, cookie, payload: { receiptCode } });

describe("a receipt", () => {
  it("is confirmed as counted after publication, and only then; the answer never carries the choice", async () => {
    const election = await scheduledElection(t, admin, yearId);
    const other = await scheduledElection(t, admin, yearId);
    const voter = await parentWithRequest(t, yearId);
    await openWindowNow(t, election.id);
    const cookie = await voter.cookie();
    const cast = await vote(t, cookie, election.id, election.lists[0]!.id);
    expect(cast.statusCode).toBe(201);
    const code: string = cast.json().receiptCode;

    const early = await check(cookie, election.id, code);
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).code).toBe("ELECTION_NOT_PUBLISHED");

    await endWindowNow(t, election.id);
    const version = (await adminElection(t, admin, election.id)).version;
    const published = await call(t, {
      method: "POST",
      url: `/api/settings/elections/${election.id}/publish`,
      cookie: admin,
      payload: { version },
    });
    expect(published.statusCode).toBe(200);

    const ok = await check(cookie, election.id, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ electionId: election.id, counted: true });
    // Typed by hand: lower case, spaces instead of dashes.
    const typed = await check(cookie, election.id, ` ${code.toLowerCase().replaceAll("-", " ")} `);
    expect(typed.json()).toEqual({ electionId: election.id, counted: true });
    // Another voter (or the Admin) may check a code: it tells nothing but "counted".
    const otherFamily = await (await parentWithRequest(t, yearId)).cookie();
    expect((await check(otherFamily, election.id, code)).statusCode).toBe(200);

    const wrong = await check(cookie, election.id, code.startsWith("0") ? `1${code.slice(1)}` : `0${code.slice(1)}`);
    expect(wrong.statusCode).toBe(404);
    expect(errorOf(wrong).code).toBe("ELECTION_RECEIPT_NOT_FOUND");
    // A code of another election does not confirm this one.
    const elsewhere = await check(cookie, other.id, code);
    expect(elsewhere.statusCode).toBe(409);
    // No audit event names who checked a receipt.
    const events = await t.ctx.db.selectFrom("audit_events").select("details").execute();
    expect(events.some((e) => String(e.details).includes(code))).toBe(false);
  });

  it("refuses a malformed code with 400 and a test ballot's with 404", async () => {
    const election = await scheduledElection(t, admin, yearId);
    const tester = await parentWithRequest(t, yearId, { role: "Prueba" });
    await openWindowNow(t, election.id);
    const cast = await vote(t, await tester.cookie(), election.id, null);
    await endWindowNow(t, election.id);
    const version = (await adminElection(t, admin, election.id)).version;
    await call(t, {
      method: "POST",
      url: `/api/settings/elections/${election.id}/publish`,
      cookie: admin,
      payload: { version },
    });
    const cookie = await (await parentWithRequest(t, yearId)).cookie();
    for (const bad of ["ABCD-EFGH-IJKL", "ABC", "", 12, null, "ABCD-EFGH-JKMN-PQRS"]) {
      expect((await check(cookie, election.id, bad)).statusCode, String(bad)).toBe(400);
    }
    const testBallot = await check(await tester.cookie(), election.id, cast.json().receiptCode);
    expect(testBallot.statusCode).toBe(404);
  });
});
