import type { Role } from "@portal/shared/roles";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hoursAgo, insertDocumentRequest, insertOwnYear } from "./support/document-requests.ts";
import { call, createTestApp, createUser, errorOf, loginAs, TEST_PASSWORD, type TestApp } from "./support/test-app.ts";

/*
 * PUT /api/session/school-year: the staff's selected school year, switched from the header without
 * signing out. Two years of this spec's own, each with one request, tell which year a screen reads.
 */

let t: TestApp;
let yearA: number;
let yearB: number;
let requestA: { id: number; code: string };
let requestB: { id: number; code: string };

beforeAll(async () => {
  t = await createTestApp();
  yearA = await insertOwnYear(t, "switch-a");
  yearB = await insertOwnYear(t, "switch-b");
  const family = await createUser(t, { role: "User" });
  requestA = await insertDocumentRequest(t, {
    yearId: yearA,
    familyId: family.id,
    studentName: "Ana A",
    sentAt: hoursAgo(3),
  });
  requestB = await insertDocumentRequest(t, {
    yearId: yearB,
    familyId: family.id,
    studentName: "Bea B",
    sentAt: hoursAgo(2),
  });
});
afterAll(() => t.close());

async function signedIn(role: Role, schoolYearId = yearA) {
  const user = await createUser(t, { role, language: "en" });
  return { ...user, cookie: await loginAs(t, user.email, TEST_PASSWORD, schoolYearId) };
}

const switchTo = (cookie: string | undefined, payload: unknown) =>
  call(t, { method: "PUT", url: "/api/session/school-year", cookie, payload: payload as object });

async function sessionYear(cookie: string): Promise<number | null> {
  const response = await call(t, { method: "GET", url: "/api/session", cookie });
  return (response.json() as { schoolYear: { id: number } | null }).schoolYear?.id ?? null;
}

async function listedIds(cookie: string): Promise<number[]> {
  const response = await call(t, { method: "GET", url: "/api/requests?pageSize=100", cookie });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { items: { id: number }[] }).items.map((item) => item.id);
}

describe("the staff's school year switch", () => {
  it("moves the secretary's session to another year: the session, the lists and the dashboard follow", async () => {
    const secretaria = await signedIn("Secretaria");
    // Read once before the switch, so the session cache holds the old year.
    expect(await sessionYear(secretaria.cookie)).toBe(yearA);
    expect(await listedIds(secretaria.cookie)).toEqual([requestA.id]);

    const switched = await switchTo(secretaria.cookie, { schoolYearId: yearB });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json()).toMatchObject({ user: { id: secretaria.id }, schoolYear: { id: yearB } });

    expect(await sessionYear(secretaria.cookie)).toBe(yearB);
    expect(await listedIds(secretaria.cookie)).toEqual([requestB.id]);
    const dashboard = await call(t, { method: "GET", url: "/api/dashboard", cookie: secretaria.cookie });
    expect(dashboard.json()).toMatchObject({ schoolYear: { id: yearB }, totalRequests: 1 });

    const audit = await t.ctx.db
      .selectFrom("audit_events")
      .select(["actor_user_id", "details"])
      .where("event", "=", "session.schoolYearChanged")
      .where("actor_user_id", "=", secretaria.id)
      .execute();
    expect(audit.map((row) => JSON.parse(row.details ?? "{}"))).toEqual([
      { schoolYearId: yearB, previousSchoolYearId: yearA },
    ]);
  });

  it("changes only the session it is sent on: the same person signed in elsewhere keeps her year", async () => {
    const admin = await signedIn("Admin");
    const elsewhere = await loginAs(t, admin.email, TEST_PASSWORD, yearA);
    expect((await switchTo(admin.cookie, { schoolYearId: yearB })).statusCode).toBe(200);
    expect(await sessionYear(admin.cookie)).toBe(yearB);
    expect(await sessionYear(elsewhere)).toBe(yearA);
  });

  it("is open to every staff role", async () => {
    for (const role of ["Admin", "Consulta", "Editor"] as const) {
      const staff = await signedIn(role);
      const switched = await switchTo(staff.cookie, { schoolYearId: yearB });
      expect(switched.statusCode, `${role}: ${switched.body}`).toBe(200);
      expect(await sessionYear(staff.cookie), role).toBe(yearB);
    }
  });

  it("choosing the year already selected changes nothing and records nothing", async () => {
    const secretaria = await signedIn("Secretaria");
    const same = await switchTo(secretaria.cookie, { schoolYearId: yearA });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ schoolYear: { id: yearA } });
    const audit = await t.ctx.db
      .selectFrom("audit_events")
      .select("id")
      .where("event", "=", "session.schoolYearChanged")
      .where("actor_user_id", "=", secretaria.id)
      .execute();
    expect(audit).toEqual([]);
  });

  it("refuses a year that does not exist, and bad bodies, in the user's language; the year stays", async () => {
    const secretaria = await signedIn("Secretaria");
    const missing = await switchTo(secretaria.cookie, { schoolYearId: 2_147_483_000 });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toMatchObject({
      code: "SCHOOL_YEAR_INVALID",
      message: "The chosen school year does not exist",
      fields: { schoolYearId: expect.any(String) },
    });
    for (const payload of [
      {},
      { schoolYearId: "abc" },
      { schoolYearId: -1 },
      { schoolYearId: 1.5 },
      { schoolYearId: yearB, extra: 1 },
    ]) {
      const bad = await switchTo(secretaria.cookie, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(bad).code, JSON.stringify(payload)).toBe("VALIDATION_ERROR");
    }
    expect(await sessionYear(secretaria.cookie)).toBe(yearA);
  });

  it("is refused to families (their year is the one they signed in for) and to visitors", async () => {
    for (const role of ["User", "Prueba"] as const) {
      const family = await signedIn(role);
      const refused = await switchTo(family.cookie, { schoolYearId: yearB });
      expect(refused.statusCode, role).toBe(403);
      expect(errorOf(refused).code).toBe("FORBIDDEN");
      expect(await sessionYear(family.cookie), role).toBe(yearA);
    }
    const visitor = await switchTo(undefined, { schoolYearId: yearB });
    expect(visitor.statusCode).toBe(401);
  });
});
