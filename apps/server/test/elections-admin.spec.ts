import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminElection,
  electionBody,
  insertOwnYear,
  newOrganization,
  openWindowNow,
  parentWithRequest,
  scheduledElection,
} from "./support/elections.ts";
import { call, createTestApp, createUser, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

let t: TestApp;
let admin: { id: number; cookie: string };
let yearId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAs(t, "Admin");
  yearId = await insertOwnYear(t, "admin");
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) =>
  call(t, { method: "POST", url, cookie: admin.cookie, payload: payload as object });
const put = (url: string, payload: unknown) =>
  call(t, { method: "PUT", url, cookie: admin.cookie, payload: payload as object });
const auditOf = async (electionId: number) =>
  (
    await t.ctx.db
      .selectFrom("audit_events")
      .select(["event", "details"])
      .where("actor_user_id", "=", admin.id)
      .where("details", "like", `%"electionId":${electionId},%`)
      .orderBy("id")
      .execute()
  ).map((row) => row.event);

describe("Settings › Elections", () => {
  it("creates a draft and refuses a poll under four hours or a deadline after the opening, in the user's language", async () => {
    const created = await post("/api/settings/elections", electionBody(yearId));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ status: "draft", seats: 2, lists: [], titleFr: "Conseil d'école" });
    const opensAt = "2030-03-01T13:00:00.000Z";
    const short = await post(
      "/api/settings/elections",
      electionBody(yearId, {
        opensAt,
        closesAt: "2030-03-01T16:59:00.000Z",
        candidacyDeadline: "2030-02-20T00:00:00.000Z",
      }),
    );
    expect(short.statusCode).toBe(400);
    expect(errorOf(short).fields?.closesAt).toBe("La votación debe durar al menos 4 horas seguidas");
    const late = await post(
      "/api/settings/elections",
      electionBody(yearId, {
        opensAt,
        closesAt: "2030-03-01T21:00:00.000Z",
        candidacyDeadline: "2030-03-02T00:00:00.000Z",
      }),
    );
    expect(errorOf(late).fields?.candidacyDeadline).toBeTruthy();
    const noYear = await post("/api/settings/elections", electionBody(2_147_483_000));
    expect(noYear.statusCode).toBe(400);
    expect(errorOf(noYear).fields?.schoolYearId).toBeDefined();
    for (const bad of [{ seats: 0 }, { seats: 51 }, { opensAt: "tomorrow" }, { titleEs: "" }]) {
      expect((await post("/api/settings/elections", electionBody(yearId, bad))).statusCode, JSON.stringify(bad)).toBe(
        400,
      );
    }
    expect(await auditOf(created.json().id)).toEqual(["election.created"]);
  });

  it("edits until the poll opens, with the version; then refuses", async () => {
    const election = await scheduledElection(t, admin.cookie, yearId);
    const edited = await put(`/api/settings/elections/${election.id}`, {
      ...electionBody(yearId, { seats: 1 }),
      version: election.version,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().seats).toBe(1);
    const stale = await put(`/api/settings/elections/${election.id}`, {
      ...electionBody(yearId),
      version: election.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe("VERSION_CONFLICT");
    await openWindowNow(t, election.id);
    const open = await put(`/api/settings/elections/${election.id}`, {
      ...electionBody(yearId),
      version: edited.json().version,
    });
    expect(open.statusCode).toBe(409);
    expect(errorOf(open).code).toBe("ELECTION_NOT_EDITABLE");
    const addList = await post(`/api/settings/elections/${election.id}/lists`, {
      organizationId: await newOrganization(t, admin.cookie, "Tarde"),
      name: "Tarde",
    });
    expect(errorOf(addList).code).toBe("ELECTION_NOT_EDITABLE");
    const audit = await t.ctx.db
      .selectFrom("audit_events")
      .select("details")
      .where("event", "=", "election.updated")
      .where("details", "like", `%"electionId":${election.id},%`)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details ?? "{}")).toMatchObject({ before: { seats: 2 }, after: { seats: 1 } });
  });

  it("schedules only with lists of two names to twice the seats", async () => {
    const created = (await post("/api/settings/elections", electionBody(yearId, { seats: 1 }))).json();
    const empty = await post(`/api/settings/elections/${created.id}/schedule`, { version: created.version });
    expect(errorOf(empty).code).toBe("ELECTION_NO_LISTS");
    const organizationId = await newOrganization(t, admin.cookie, "Padres");
    const withList = await post(`/api/settings/elections/${created.id}/lists`, {
      organizationId,
      name: "Lista Padres",
    });
    expect(withList.statusCode).toBe(201);
    const again = await post(`/api/settings/elections/${created.id}/lists`, { organizationId, name: "Otra" });
    expect(errorOf(again).code).toBe("ELECTION_ORGANIZATION_RUNS");
    const listId = withList.json().lists[0].id;
    const people = [];
    for (let i = 0; i < 3; i++) people.push((await parentWithRequest(t, yearId)).id);
    const save = (ids: number[]) =>
      put(`/api/settings/election-lists/${listId}/candidates`, { candidates: ids.map((userId) => ({ userId })) });
    expect((await save(people.slice(0, 1))).statusCode).toBe(200);
    const version = () => adminElection(t, admin.cookie, created.id).then((e) => e.version);
    const one = await post(`/api/settings/elections/${created.id}/schedule`, { version: await version() });
    expect(one.statusCode).toBe(409);
    expect(errorOf(one).code).toBe("ELECTION_LIST_SIZE");
    expect(errorOf(one).message).toBe("La lista Lista Padres debe tener entre 2 y 2 candidatos.");
    expect((await save(people)).statusCode).toBe(200);
    expect(
      errorOf(await post(`/api/settings/elections/${created.id}/schedule`, { version: await version() })).code,
    ).toBe("ELECTION_LIST_SIZE");
    const saved = await save(people.slice(0, 2));
    expect(saved.json().lists[0].candidates.map((c: { userId: number; rank: number }) => [c.userId, c.rank])).toEqual([
      [people[0], 1],
      [people[1], 2],
    ]);
    const scheduled = await post(`/api/settings/elections/${created.id}/schedule`, { version: await version() });
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json().status).toBe("scheduled");
    // Once families see it, a list that breaks the rule cannot be saved.
    expect(errorOf(await save(people.slice(0, 1))).code).toBe("ELECTION_LIST_SIZE");
    expect(await auditOf(created.id)).toEqual([
      "election.created",
      "election.listSaved",
      "election.candidatesSaved",
      "election.candidatesSaved",
      "election.candidatesSaved",
      "election.scheduled",
    ]);
  });

  it("refuses a candidate who is not an eligible voter, a test account, or someone already on another list", async () => {
    const election = await scheduledElection(t, admin.cookie, yearId, { seats: 2 });
    const [a, b] = election.lists;
    const save = (listId: number, ids: number[]) =>
      put(`/api/settings/election-lists/${listId}/candidates`, { candidates: ids.map((userId) => ({ userId })) });
    const untreated = await parentWithRequest(t, yearId, { status: "Untreated" });
    const refused = await save(a!.id, [...a!.candidates, untreated.id]);
    expect(errorOf(refused).code).toBe("ELECTION_CANDIDATE_NOT_ELIGIBLE");
    expect(errorOf(refused).message).toContain("Ana Lucía Pérez Gómez");
    const tester = await parentWithRequest(t, yearId, { role: "Prueba" });
    expect(errorOf(await save(a!.id, [...a!.candidates, tester.id])).code).toBe("ELECTION_CANDIDATE_NOT_ELIGIBLE");
    const staff = await createUser(t, { role: "Secretaria" });
    expect(errorOf(await save(a!.id, [...a!.candidates, staff.id])).code).toBe("ELECTION_CANDIDATE_NOT_ELIGIBLE");
    expect(errorOf(await save(a!.id, [...a!.candidates, b!.candidates[0]!])).code).toBe("ELECTION_CANDIDATE_TWICE");
    expect(errorOf(await save(a!.id, [a!.candidates[0]!, a!.candidates[0]!])).code).toBe("ELECTION_CANDIDATE_TWICE");
    const eligible = await call(t, {
      method: "GET",
      url: `/api/settings/elections/${election.id}/eligible?q=ana`,
      cookie: admin.cookie,
    });
    const ids = eligible.json().items.map((item: { userId: number }) => item.userId);
    expect(ids).not.toContain(untreated.id);
    expect(ids).not.toContain(tester.id);
  });

  it("cancels with a reason, audited; a cancelled election is gone from the families' pages", async () => {
    const election = await scheduledElection(t, admin.cookie, yearId);
    const noReason = await post(`/api/settings/elections/${election.id}/cancel`, {
      version: election.version,
      reason: "  ",
    });
    expect(noReason.statusCode).toBe(400);
    const cancelled = await post(`/api/settings/elections/${election.id}/cancel`, {
      version: election.version,
      reason: "Fechas equivocadas",
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: "cancelled", cancelReason: "Fechas equivocadas" });
    const family = await (await parentWithRequest(t, yearId)).cookie();
    expect((await call(t, { method: "GET", url: `/api/elections/${election.id}`, cookie: family })).statusCode).toBe(
      404,
    );
    const again = await post(`/api/settings/elections/${election.id}/cancel`, {
      version: cancelled.json().version,
      reason: "otra",
    });
    expect(errorOf(again).code).toBe("ELECTION_WRONG_STATUS");
    const event = await t.ctx.db
      .selectFrom("audit_events")
      .select("details")
      .where("event", "=", "election.cancelled")
      .where("details", "like", `%"electionId":${election.id},%`)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(event.details ?? "{}").reason).toBe("Fechas equivocadas");
  });

  it("shows families upcoming elections with lists and candidates, never drafts", async () => {
    const draft = (await post("/api/settings/elections", electionBody(yearId))).json();
    const election = await scheduledElection(t, admin.cookie, yearId);
    const family = await (await parentWithRequest(t, yearId)).cookie();
    const upcoming = await call(t, { method: "GET", url: "/api/elections?phase=upcoming", cookie: family });
    const ids = upcoming.json().items.map((e: { id: number }) => e.id);
    expect(ids).toContain(election.id);
    expect(ids).not.toContain(draft.id);
    const shown = upcoming.json().items.find((e: { id: number }) => e.id === election.id);
    expect(shown.lists).toHaveLength(2);
    expect(shown.lists[0].candidates[0]).toMatchObject({ name: "Ana Lucía Pérez Gómez", rank: 1 });
    expect(shown.myVote).toEqual({ eligible: true, reason: null, voted: false, votedAt: null });
    expect((await call(t, { method: "GET", url: `/api/elections/${draft.id}`, cookie: family })).statusCode).toBe(404);
    expect((await call(t, { method: "GET", url: "/api/elections?phase=soon", cookie: family })).statusCode).toBe(400);
  });

  it("manages positions and organizations, names unique", async () => {
    const positions = (
      await call(t, { method: "GET", url: "/api/settings/election-positions", cookie: admin.cookie })
    ).json().items;
    expect(positions.map((p: { code: string }) => p.code)).toEqual(expect.arrayContaining(["titular", "substitute"]));
    const code = `p${Date.now().toString(36)}`;
    const created = await post("/api/settings/election-positions", {
      code,
      nameEs: "Secretario",
      nameEn: "Secretary",
      nameFr: "Secrétaire",
      sortOrder: 5,
    });
    expect(created.statusCode).toBe(201);
    const duplicate = await post("/api/settings/election-positions", {
      code,
      nameEs: "X",
      nameEn: "X",
      nameFr: "X",
      sortOrder: 6,
    });
    expect(errorOf(duplicate).code).toBe("ELECTION_POSITION_TAKEN");
    const name = `Asociación ${Date.now()}`;
    const organization = await post("/api/settings/election-organizations", { name, acronym: "APF" });
    expect(organization.statusCode).toBe(201);
    expect(errorOf(await post("/api/settings/election-organizations", { name })).code).toBe(
      "ELECTION_ORGANIZATION_TAKEN",
    );
    const renamed = await put(`/api/settings/election-organizations/${organization.json().id}`, {
      name: `${name} bis`,
    });
    expect(renamed.json()).toMatchObject({ name: `${name} bis`, acronym: null });
    expect((await put("/api/settings/election-organizations/2147483000", { name: "Nadie" })).statusCode).toBe(404);
  });

  it("deletes a position unless the count names it, and an organization unless it presented a list", async () => {
    const del = (url: string) => call(t, { method: "DELETE", url, cookie: admin.cookie });
    const positions = (
      await call(t, { method: "GET", url: "/api/settings/election-positions", cookie: admin.cookie })
    ).json().items as {
      id: number;
      code: string;
      nameEs: string;
      nameEn: string;
      nameFr: string;
      protected: boolean;
    }[];
    const titular = positions.find((p) => p.code === "titular")!;
    expect(titular.protected).toBe(true);
    // Its names may change (saved here unchanged: other specs share the database); its code may not,
    // nor may it be deleted (the count and the seed name it), said in the user's language.
    const names = { nameEs: titular.nameEs, nameEn: titular.nameEn, nameFr: titular.nameFr, sortOrder: 1 };
    const same = await put(`/api/settings/election-positions/${titular.id}`, { code: "titular", ...names });
    expect(same.json()).toMatchObject({ code: "titular", protected: true });
    const recoded = await put(`/api/settings/election-positions/${titular.id}`, { code: "miembro", ...names });
    expect(recoded.statusCode).toBe(409);
    expect(errorOf(recoded)).toMatchObject({ code: "ELECTION_POSITION_PROTECTED" });
    expect(errorOf(recoded).message).toMatch(/^El escrutinio usa este cargo/);
    expect(errorOf(await del(`/api/settings/election-positions/${titular.id}`)).code).toBe(
      "ELECTION_POSITION_PROTECTED",
    );
    const code = `d${Date.now().toString(36)}`;
    const extra = (
      await post("/api/settings/election-positions", {
        code,
        nameEs: "Tesorero",
        nameEn: "Treasurer",
        nameFr: "Trésorier",
        sortOrder: 7,
      })
    ).json();
    expect(extra.protected).toBe(false);
    expect((await del(`/api/settings/election-positions/${extra.id}`)).statusCode).toBe(204);
    expect((await del(`/api/settings/election-positions/${extra.id}`)).statusCode).toBe(404);

    const unused = await newOrganization(t, admin.cookie, "Sin lista");
    expect((await del(`/api/settings/election-organizations/${unused}`)).statusCode).toBe(204);
    const organizations = (
      await call(t, { method: "GET", url: "/api/settings/election-organizations", cookie: admin.cookie })
    ).json().items as { id: number }[];
    expect(organizations.map((o) => o.id)).not.toContain(unused);
    const election = (await post("/api/settings/elections", electionBody(yearId))).json();
    const running = await newOrganization(t, admin.cookie, "Con lista");
    await post(`/api/settings/elections/${election.id}/lists`, { organizationId: running, name: "Con lista" });
    const inUse = await del(`/api/settings/election-organizations/${running}`);
    expect(inUse.statusCode).toBe(409);
    expect(errorOf(inUse).code).toBe("ELECTION_ORGANIZATION_IN_USE");
    const events = await t.ctx.db
      .selectFrom("audit_events")
      .select(["event", "details"])
      .where("actor_user_id", "=", admin.id)
      .where("event", "in", ["election.positionDeleted", "election.organizationDeleted"])
      .orderBy("id")
      .execute();
    expect(events.map((e) => [e.event, JSON.parse(e.details ?? "{}")])).toEqual([
      ["election.positionDeleted", { positionId: extra.id, code, nameEs: "Tesorero" }],
      ["election.organizationDeleted", { organizationId: unused, name: expect.stringMatching(/^Sin lista /) }],
    ]);
  });
});
