import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminElection,
  electionBody,
  insertOwnYear,
  newOrganization,
  parentWithRequest,
  scheduledElection,
} from "./support/elections.ts";
import { call, createTestApp, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

/** The candidacy deadline (docs/rules/elections.md): lists and candidates are set before it. */

let t: TestApp;
let admin: string;
let yearId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInAs(t, "Admin")).cookie;
  yearId = await insertOwnYear(t, "deadline");
});
afterAll(() => t.close());

const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();

describe("after the candidacy deadline", () => {
  it("refuses new lists, list removals and candidate changes, until the Admin moves the deadline", async () => {
    const election = await scheduledElection(t, admin, yearId);
    const list = election.lists[0]!;
    // The deadline has passed; the poll opens tomorrow.
    await t.ctx.db
      .updateTable("elections")
      .set({ candidacy_deadline: hours(-1) })
      .where("id", "=", election.id)
      .execute();
    const extra = (await parentWithRequest(t, yearId)).id;
    const save = () =>
      call(t, {
        method: "PUT",
        url: `/api/settings/election-lists/${list.id}/candidates`,
        cookie: admin,
        payload: { candidates: [...list.candidates, extra].map((userId) => ({ userId })) },
      });
    const late = await save();
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).code).toBe("ELECTION_CANDIDACY_CLOSED");
    expect(errorOf(late).message).toMatch(/candidaturas se cerraron el \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    const organizationId = await newOrganization(t, admin, "Tarde");
    const added = await call(t, {
      method: "POST",
      url: `/api/settings/elections/${election.id}/lists`,
      cookie: admin,
      payload: { organizationId, name: "Lista tardía" },
    });
    expect(added.statusCode).toBe(409);
    const removed = await call(t, { method: "DELETE", url: `/api/settings/election-lists/${list.id}`, cookie: admin });
    expect(removed.statusCode).toBe(409);
    const candidates = await t.ctx.db
      .selectFrom("election_candidates")
      .select("user_id")
      .where("list_id", "=", list.id)
      .execute();
    expect(candidates.map((c) => c.user_id).sort()).toEqual([...list.candidates].sort());

    // The Admin moves the deadline (the poll has not opened): candidacies are open again.
    const current = await adminElection(t, admin, election.id);
    const moved = await call(t, {
      method: "PUT",
      url: `/api/settings/elections/${election.id}`,
      cookie: admin,
      payload: {
        ...electionBody(yearId),
        candidacyDeadline: hours(12),
        opensAt: current.opensAt,
        closesAt: current.closesAt,
        version: current.version,
      },
    });
    expect(moved.statusCode).toBe(200);
    expect((await save()).statusCode).toBe(200);
  });
});
