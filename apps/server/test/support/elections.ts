import { insertDocumentRequest, insertOwnYear } from "./document-requests.ts";
import { call, createUser, loginAs, type TestApp } from "./test-app.ts";

/** Elections specs: eligible parents, an election set up through the API, the clock moved by hand. */

export { insertOwnYear };

/** A family account with a request of `yearId` in `status` (Accepted: on the register). */
export async function parentWithRequest(
  t: TestApp,
  yearId: number,
  opts: { status?: string; role?: "User" | "Prueba" } = {},
): Promise<{ id: number; email: string; cookie: () => Promise<string> }> {
  const user = await createUser(t, { role: opts.role ?? "User" });
  const request = await insertDocumentRequest(t, {
    yearId,
    familyId: user.id,
    studentName: "Alumno Prueba",
    sentAt: new Date().toISOString(),
    isTestData: opts.role === "Prueba",
  });
  await t.ctx.db
    .updateTable("requests")
    .set({ request_status: opts.status ?? "Accepted" })
    .where("id", "=", request.id)
    .execute();
  return { id: user.id, email: user.email, cookie: () => loginAs(t, user.email) };
}

/** The household's second parent: an account of its own pointing at the first (households). */
export async function secondParent(
  t: TestApp,
  ownerId: number,
): Promise<{ id: number; email: string; cookie: () => Promise<string> }> {
  const user = await createUser(t);
  await t.ctx.db.updateTable("users").set({ household_owner_id: ownerId }).where("id", "=", user.id).execute();
  return { id: user.id, email: user.email, cookie: () => loginAs(t, user.email) };
}

const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();

export function electionBody(yearId: number, overrides: Record<string, unknown> = {}) {
  return {
    titleEs: "Consejo de escuela",
    titleEn: "School council",
    titleFr: "Conseil d'école",
    body: "Conseil d'école",
    seats: 2,
    schoolYearId: yearId,
    candidacyDeadline: hours(24),
    opensAt: hours(48),
    closesAt: hours(56),
    ...overrides,
  };
}

export async function newOrganization(t: TestApp, admin: string, name: string): Promise<number> {
  const response = await call(t, {
    method: "POST",
    url: "/api/settings/election-organizations",
    cookie: admin,
    payload: { name: `${name} ${Math.random().toString(36).slice(2, 8)}` },
  });
  if (response.statusCode !== 201) throw new Error(`organization: ${response.body}`);
  return response.json().id;
}

export interface SetUp {
  id: number;
  version: number;
  lists: { id: number; candidates: number[] }[];
}

/**
 * A scheduled election of `yearId` with `lists.length` lists, each with that many eligible
 * candidates, created through the Admin's API.
 */
export async function scheduledElection(
  t: TestApp,
  admin: string,
  yearId: number,
  opts: { seats?: number; lists?: number[]; voteUnit?: "parent" | "family" } = {},
): Promise<SetUp> {
  const created = await call(t, {
    method: "POST",
    url: "/api/settings/elections",
    cookie: admin,
    payload: electionBody(yearId, { seats: opts.seats ?? 2, ...(opts.voteUnit ? { voteUnit: opts.voteUnit } : {}) }),
  });
  if (created.statusCode !== 201) throw new Error(`election: ${created.body}`);
  const id: number = created.json().id;
  const lists: SetUp["lists"] = [];
  for (const [index, size] of (opts.lists ?? [2, 2]).entries()) {
    const organizationId = await newOrganization(t, admin, `Asociación ${index + 1}`);
    const added = await call(t, {
      method: "POST",
      url: `/api/settings/elections/${id}/lists`,
      cookie: admin,
      payload: { organizationId, name: `Lista ${index + 1}` },
    });
    if (added.statusCode !== 201) throw new Error(`list: ${added.body}`);
    const listId: number = added.json().lists.at(-1).id;
    const candidates: number[] = [];
    for (let i = 0; i < size; i++) candidates.push((await parentWithRequest(t, yearId)).id);
    const saved = await call(t, {
      method: "PUT",
      url: `/api/settings/election-lists/${listId}/candidates`,
      cookie: admin,
      payload: { candidates: candidates.map((userId) => ({ userId })) },
    });
    if (saved.statusCode !== 200) throw new Error(`candidates: ${saved.body}`);
    lists.push({ id: listId, candidates });
  }
  const version = (await adminElection(t, admin, id)).version;
  const scheduled = await call(t, {
    method: "POST",
    url: `/api/settings/elections/${id}/schedule`,
    cookie: admin,
    payload: { version },
  });
  if (scheduled.statusCode !== 200) throw new Error(`schedule: ${scheduled.body}`);
  return { id, version: scheduled.json().version, lists };
}

export async function adminElection(t: TestApp, admin: string, id: number) {
  const response = await call(t, { method: "GET", url: "/api/settings/elections", cookie: admin });
  return response.json().items.find((item: { id: number }) => item.id === id);
}

/** Moves the window around now (the server's clock decides; the test moves the dates instead). */
export async function openWindowNow(t: TestApp, id: number): Promise<void> {
  await t.ctx.db
    .updateTable("elections")
    .set({ candidacy_deadline: hours(-3), opens_at: hours(-2), closes_at: hours(3) })
    .where("id", "=", id)
    .execute();
}

export async function endWindowNow(t: TestApp, id: number): Promise<void> {
  await t.ctx.db
    .updateTable("elections")
    .set({ candidacy_deadline: hours(-8), opens_at: hours(-6), closes_at: hours(-1) })
    .where("id", "=", id)
    .execute();
}

export function vote(t: TestApp, cookie: string, electionId: number, listId: number | null) {
  const payload = listId === null ? { blank: true } : { listId };
  return call(t, { method: "POST", url: `/api/elections/${electionId}/vote`, cookie, payload });
}
