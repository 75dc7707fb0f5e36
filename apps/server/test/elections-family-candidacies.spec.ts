import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminElection,
  insertOwnYear,
  newOrganization,
  parentWithRequest,
  scheduledElection,
  secondParent,
} from "./support/elections.ts";
import { call, createTestApp, errorOf, loginAs, signedInAs, type TestApp } from "./support/test-app.ts";

/** Candidacies from families (docs/elections.md "Candidacies from families"). */

let t: TestApp;
let admin: string;
let yearId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInAs(t, "Admin")).cookie;
  yearId = await insertOwnYear(t, "family-candidacies");
});
afterAll(() => t.close());

const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
const url = (id: number) => `/api/elections/${id}/candidacy`;

const declare = (cookie: string, id: number, payload: unknown) =>
  call(t, { method: "PUT", url: url(id), cookie, payload: payload as Record<string, unknown> });
const mine = async (cookie: string, id: number) => (await call(t, { method: "GET", url: url(id), cookie })).json();
const pending = async (id: number) =>
  (await call(t, { method: "GET", url: `/api/settings/elections/${id}/candidacies`, cookie: admin })).json().items;
const decide = (candidacyId: number, action: "approve" | "decline", payload: Record<string, unknown> = {}) =>
  call(t, {
    method: "POST",
    url: `/api/settings/election-candidacies/${candidacyId}/${action}`,
    cookie: admin,
    payload,
  });

describe("a family declares a candidacy", () => {
  it("on an existing list: pending, approved by the Admin, then on the ballot; audited", async () => {
    const election = await scheduledElection(t, admin, yearId, { seats: 2 });
    const parent = await parentWithRequest(t, yearId);
    const cookie = await parent.cookie();
    const before = await mine(cookie, election.id);
    expect(before).toMatchObject({ candidacy: null, open: true, mayStand: true });
    const listId = election.lists[0]!.id;
    const declared = await declare(cookie, election.id, { listId, statement: "Quiero ayudar" });
    expect(declared.statusCode).toBe(200);
    expect(declared.json().candidacy).toMatchObject({ listId, status: "pending", reason: null, listName: "Lista 1" });
    const items = await pending(election.id);
    const item = items.find((c: { userId: number }) => c.userId === parent.id);
    expect(item).toMatchObject({ status: "pending", email: parent.email, listName: "Lista 1" });

    const approved = await decide(item.id, "approve");
    expect(approved.statusCode).toBe(200);
    expect(approved.json().items.find((c: { id: number }) => c.id === item.id).status).toBe("approved");
    const page = (await call(t, { method: "GET", url: `/api/elections/${election.id}`, cookie })).json();
    const list = page.lists.find((l: { id: number }) => l.id === listId);
    expect(list.candidates.map((c: { userId: number }) => c.userId)).toEqual([
      ...election.lists[0]!.candidates,
      parent.id,
    ]);
    expect(list.candidates.at(-1).statement).toBe("Quiero ayudar");
    expect((await mine(cookie, election.id)).candidacy.status).toBe("approved");
    // Decided: neither the family nor a second decision changes it.
    expect((await declare(cookie, election.id, { listId: election.lists[1]!.id })).statusCode).toBe(409);
    const again = await decide(item.id, "decline", { reason: "No" });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe("ELECTION_CANDIDACY_DECIDED");
    // The Admin takes the person off the list again: the candidacy goes with the place.
    const removed = await call(t, {
      method: "PUT",
      url: `/api/settings/election-lists/${listId}/candidates`,
      cookie: admin,
      payload: { candidates: election.lists[0]!.candidates.map((userId) => ({ userId })) },
    });
    expect(removed.statusCode).toBe(200);
    expect((await mine(cookie, election.id)).candidacy).toBeNull();
    const audit = await t.ctx.db
      .selectFrom("audit_events")
      .select("details")
      .where("event", "=", "election.candidacyApproved")
      .execute();
    expect(audit.map((row) => JSON.parse(String(row.details)))).toContainEqual(
      expect.objectContaining({ candidacyId: item.id, userId: parent.id, listId, newList: false }),
    );
  });

  it("for a new list: approved, the list is created with its organization and the family heads it", async () => {
    const election = await scheduledElection(t, admin, yearId);
    const organizationId = await newOrganization(t, admin, "Padres independientes");
    const parent = await parentWithRequest(t, yearId);
    const cookie = await parent.cookie();
    expect((await mine(cookie, election.id)).organizations.map((o: { id: number }) => o.id)).toContain(organizationId);
    const declared = await declare(cookie, election.id, { listName: "Lista nueva", organizationId });
    expect(declared.json().candidacy).toMatchObject({ listId: null, listName: "Lista nueva", organizationId });
    const item = (await pending(election.id)).find((c: { userId: number }) => c.userId === parent.id);
    expect((await decide(item.id, "approve")).statusCode).toBe(200);
    const view = await adminElection(t, admin, election.id);
    const list = view.lists.find((l: { name: string }) => l.name === "Lista nueva");
    expect(list.organizationId).toBe(organizationId);
    expect(list.candidates.map((c: { userId: number }) => c.userId)).toEqual([parent.id]);
    expect((await mine(cookie, election.id)).candidacy).toMatchObject({ listId: list.id, status: "approved" });
  });

  it("declined with a reason the family reads; it may then lodge another; the decline is audited", async () => {
    const election = await scheduledElection(t, admin, yearId);
    const parent = await parentWithRequest(t, yearId);
    const cookie = await parent.cookie();
    await declare(cookie, election.id, { listId: election.lists[0]!.id });
    const item = (await pending(election.id)).find((c: { userId: number }) => c.userId === parent.id);
    const noReason = await decide(item.id, "decline", { reason: "  " });
    expect(noReason.statusCode).toBe(400);
    const declined = await decide(item.id, "decline", { reason: "La lista ya está completa" });
    expect(declined.statusCode).toBe(200);
    expect((await mine(cookie, election.id)).candidacy).toMatchObject({
      status: "declined",
      reason: "La lista ya está completa",
    });
    const again = await declare(cookie, election.id, { listId: election.lists[1]!.id });
    expect(again.json().candidacy).toMatchObject({ status: "pending", reason: null, listName: "Lista 2" });
    const audit = await t.ctx.db
      .selectFrom("audit_events")
      .select("details")
      .where("event", "=", "election.candidacyDeclined")
      .execute();
    expect(audit.map((row) => JSON.parse(String(row.details)))).toContainEqual(
      expect.objectContaining({ candidacyId: item.id, reason: "La lista ya está completa" }),
    );
  });

  it("each account sees and changes only its own; withdrawing removes it", async () => {
    const election = await scheduledElection(t, admin, yearId);
    const first = await parentWithRequest(t, yearId);
    const second = await secondParent(t, first.id);
    const firstCookie = await first.cookie();
    const secondCookie = await second.cookie();
    await declare(firstCookie, election.id, { listId: election.lists[0]!.id });
    // The other parent's page shows no candidacy: each stands as a person.
    expect((await mine(secondCookie, election.id)).candidacy).toBeNull();
    expect((await declare(secondCookie, election.id, { listId: election.lists[1]!.id })).statusCode).toBe(200);
    const withdrawn = await call(t, { method: "DELETE", url: url(election.id), cookie: secondCookie });
    expect(withdrawn.statusCode).toBe(204);
    expect((await mine(secondCookie, election.id)).candidacy).toBeNull();
    expect((await mine(firstCookie, election.id)).candidacy.status).toBe("pending");
    const nothing = await call(t, { method: "DELETE", url: url(election.id), cookie: secondCookie });
    expect(nothing.statusCode).toBe(404);
  });
});

describe("who may not declare", () => {
  it("after the deadline: 409 with the deadline, in the family's language; the page says closed", async () => {
    const election = await scheduledElection(t, admin, yearId);
    const parent = await parentWithRequest(t, yearId);
    const cookie = await parent.cookie();
    await declare(cookie, election.id, { listId: election.lists[0]!.id });
    await t.ctx.db
      .updateTable("elections")
      .set({ candidacy_deadline: hours(-1) })
      .where("id", "=", election.id)
      .execute();
    expect((await mine(cookie, election.id)).open).toBe(false);
    const late = await declare(cookie, election.id, { listId: election.lists[1]!.id });
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).code).toBe("ELECTION_CANDIDACY_DEADLINE_PASSED");
    expect(errorOf(late).message).toMatch(/candidaturas se cerraron el \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect((await call(t, { method: "DELETE", url: url(election.id), cookie })).statusCode).toBe(409);
    await t.ctx.db.updateTable("users").set({ language: "en" }).where("id", "=", parent.id).execute();
    const english = await declare(await parent.cookie(), election.id, { listId: election.lists[1]!.id });
    expect(errorOf(english).message).toMatch(/Candidacies closed on \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    // A candidacy lodged in time is still decided until the poll opens.
    const item = (await pending(election.id)).find((c: { userId: number }) => c.userId === parent.id);
    expect((await decide(item.id, "approve")).statusCode).toBe(200);
  });

  it("not a voter, a test account, a staff member, already on a list: refused", async () => {
    const election = await scheduledElection(t, admin, yearId);
    const listId = election.lists[0]!.id;
    const outsider = await parentWithRequest(t, yearId, { status: "Untreated" });
    const outsiderCookie = await outsider.cookie();
    expect((await mine(outsiderCookie, election.id)).mayStand).toBe(false);
    const refused = await declare(outsiderCookie, election.id, { listId });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe("ELECTION_NOT_ELIGIBLE");
    const tester = await parentWithRequest(t, yearId, { role: "Prueba" });
    expect((await declare(await tester.cookie(), election.id, { listId })).statusCode).toBe(403);
    const staff = await signedInAs(t, "Secretaria");
    expect((await declare(staff.cookie, election.id, { listId })).statusCode).toBe(403);
    expect((await call(t, { method: "GET", url: url(election.id), cookie: admin })).statusCode).toBe(403);
    const candidate = election.lists[0]!.candidates[0]!;
    const standing = await t.ctx.db
      .selectFrom("users")
      .select("email")
      .where("id", "=", candidate)
      .executeTakeFirstOrThrow();
    const twice = await declare(await loginAs(t, standing.email), election.id, { listId: election.lists[1]!.id });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).code).toBe("ELECTION_CANDIDATE_TWICE");
  });

  it("bad bodies: both or neither of list and new list, a list of another election, an organization already running", async () => {
    const election = await scheduledElection(t, admin, yearId);
    const other = await scheduledElection(t, admin, yearId);
    const parent = await parentWithRequest(t, yearId);
    const cookie = await parent.cookie();
    for (const body of [
      {},
      { listId: election.lists[0]!.id, listName: "X", organizationId: 1 },
      { listName: "Sin organización" },
      { listId: "uno" },
      { listId: election.lists[0]!.id, extra: 1 },
    ]) {
      const response = await declare(cookie, election.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).code).toBe("VALIDATION_ERROR");
    }
    const foreign = await declare(cookie, election.id, { listId: other.lists[0]!.id });
    expect(foreign.statusCode).toBe(400);
    expect(errorOf(foreign).code).toBe("ELECTION_LIST_OF_ANOTHER_ELECTION");
    const running = (await adminElection(t, admin, election.id)).lists[0].organizationId;
    const taken = await declare(cookie, election.id, { listName: "Otra", organizationId: running });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).code).toBe("ELECTION_ORGANIZATION_RUNS");
    const missing = await declare(cookie, election.id, { listName: "Otra", organizationId: 999_999 });
    expect(missing.statusCode).toBe(400);
    expect(
      await t.ctx.db.selectFrom("election_candidacies").select("id").where("election_id", "=", election.id).execute(),
    ).toEqual([]);
    expect((await call(t, { method: "GET", url: url(999_999), cookie })).statusCode).toBe(404);
  });

  it("the Admin's approval respects the list's size and the decision routes' 404", async () => {
    const election = await scheduledElection(t, admin, yearId, { seats: 1, lists: [2] });
    const parent = await parentWithRequest(t, yearId);
    await declare(await parent.cookie(), election.id, { listId: election.lists[0]!.id });
    const item = (await pending(election.id)).find((c: { userId: number }) => c.userId === parent.id);
    const full = await decide(item.id, "approve");
    expect(full.statusCode).toBe(409);
    expect(errorOf(full).code).toBe("ELECTION_LIST_SIZE");
    expect((await pending(election.id)).find((c: { id: number }) => c.id === item.id).status).toBe("pending");
    expect((await decide(999_999, "approve")).statusCode).toBe(404);
    expect((await decide(999_999, "decline", { reason: "x" })).statusCode).toBe(404);
  });
});
