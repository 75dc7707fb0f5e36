import { randomUUID } from "node:crypto";
import type { RequestStatus } from "@portal/shared/request-status";
import type { Role } from "@portal/shared/roles";
import { LEVEL_CODES, type LevelCode } from "@portal/shared/rules/levels";
import type { Dashboard } from "@portal/shared/schemas/dashboard";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertStudentRow } from "./support/students.ts";
import { call, createTestApp, createUser, errorOf, loginAs, TEST_PASSWORD, type TestApp } from "./support/test-app.ts";

/*
 * GET /api/dashboard on a school year of this spec's own (the shared database holds the other
 * specs' requests): requests in every status, levels and kinds written straight into the
 * database, two status changes and an internal-review flag made through the real workflow
 * endpoints, test data, and another school year that must not leak in.
 */

let t: TestApp;
let yearId: number;
let otherYearId: number;
let family: { id: number; email: string };
let testFamily: { id: number; email: string };
let secretaria: { id: number; email: string; cookie: string };

const SCHOOL_TIME_ZONE = "America/Guayaquil";
const schoolDay = (instant: Date) => instant.toLocaleDateString("en-CA", { timeZone: SCHOOL_TIME_ZONE });
const DAY_MS = 24 * 60 * 60 * 1000;

async function insertYear(label: string): Promise<number> {
  const id = 3_000_000 + Math.floor(Math.random() * 1_000_000);
  await t.ctx.db
    .insertInto("school_years")
    .values({
      id,
      label: `${label}-${randomUUID().slice(0, 8)}`,
      starts_on: "2026-09-01",
      ends_on: "2027-07-15",
      is_current: 0,
      enrollment_open: 1,
    })
    .execute();
  return id;
}

async function loginFor(email: string, schoolYearId = yearId): Promise<string> {
  return loginAs(t, email, TEST_PASSWORD, schoolYearId);
}

async function signedIn(role: Role, schoolYearId = yearId) {
  const user = await createUser(t, { role, language: "en" });
  return { ...user, cookie: await loginFor(user.email, schoolYearId) };
}

interface Seed {
  status: RequestStatus;
  level: LevelCode | null;
  isNew: boolean;
  photo?: "pending" | "approved" | "rejected";
  /** Days before now the request was sent (0: now). */
  daysAgo?: number;
  testData?: boolean;
  year?: number;
}

let studentCount = 0;

/** A student of the family (or the test family) and a file of the year, sent or not. */
async function insertFile(opts: { year: number; testData: boolean; status: "draft" | "sent"; isNew: boolean }) {
  const now = new Date().toISOString();
  studentCount++;
  const student = await insertStudentRow(t, {
    familyId: opts.testData ? testFamily.id : family.id,
    name: `Dashboard Student ${studentCount}`,
    isTestData: opts.testData,
    at: now,
  });
  return t.ctx.db
    .insertInto("enrollment_files")
    .values({
      student_id: student.id,
      school_year_id: opts.year,
      is_new_student: opts.isNew ? 1 : 0,
      status: opts.status,
      level_code: null,
      created_at: now,
      updated_at: now,
      sent_at: opts.status === "sent" ? now : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
}

/** A request as the wizard's send leaves it (list columns filled), in `seed.status`. */
async function insertRequest(seed: Seed): Promise<{ id: number; code: string; studentName: string }> {
  const year = seed.year ?? yearId;
  const testData = seed.testData ?? false;
  // A request back with the family for a correction has a draft file again.
  const file = await insertFile({
    year,
    testData,
    status: seed.status === "InProcess" ? "draft" : "sent",
    isNew: seed.isNew,
  });
  const createdAt = new Date(Date.now() - (seed.daysAgo ?? 0) * DAY_MS).toISOString();
  const code = `DB-${randomUUID().slice(0, 12)}`;
  const studentName = `Dashboard Student ${studentCount}`;
  const row = await t.ctx.db
    .insertInto("requests")
    .values({
      code,
      user_id: testData ? testFamily.id : family.id,
      file_id: file.id,
      school_year_id: year,
      request_status: seed.status,
      photo_status: seed.photo ?? "approved",
      is_test_data: testData ? 1 : 0,
      url_file: null,
      created_at: createdAt,
      updated_at: createdAt,
      student_name: studentName,
      student_sort_name: studentName.toLowerCase(),
      level_code: seed.level,
      is_new_student: seed.isNew ? 1 : 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, code, studentName };
}

async function insertHistory(
  requestId: number,
  from: RequestStatus,
  to: RequestStatus,
  action: string,
  at = new Date().toISOString(),
) {
  await t.ctx.db
    .insertInto("request_history")
    .values({
      request_id: requestId,
      from_status: from,
      to_status: to,
      action,
      comment: null,
      user_id: secretaria.id,
      created_at: at,
    })
    .execute();
}

/** The year's requests (not test data). Numbers in the comments are the seeds' indexes. */
const SEEDS: Seed[] = [
  /* 0 */ { status: "Untreated", level: "CM1", isNew: true, photo: "pending" }, // accepted below
  /* 1 */ { status: "Untreated", level: "CM1", isNew: false, photo: "pending" },
  /* 2 */ { status: "Untreated", level: "CP", isNew: true },
  /* 3 */ { status: "Untreated", level: null, isNew: true, photo: "pending" },
  /* 4 */ { status: "Restored", level: "CP", isNew: false },
  /* 5 */ { status: "Accepted", level: "6E", isNew: true }, // validated below
  /* 6 */ { status: "Accepted", level: "6E", isNew: false }, // flagged for internal review below
  /* 7 */ { status: "Validated", level: "TLE", isNew: false },
  /* 8 */ { status: "Confirmed", level: "TLE", isNew: true },
  /* 9 */ { status: "Finished", level: "CM2", isNew: true, daysAgo: 3 },
  /* 10 */ { status: "Finished", level: "CM2", isNew: false, photo: "rejected", daysAgo: 3 },
  /* 11 */ { status: "Refused", level: "CP", isNew: true, photo: "pending" },
  /* 12 */ { status: "Discontinued", level: "GS", isNew: false, daysAgo: 40 },
  /* 13 */ { status: "Cancelled", level: "GS", isNew: true },
  /* 14 */ { status: "InProcess", level: "CE1", isNew: false, photo: "pending" }, // not on the photos page
];

let seeded: Awaited<ReturnType<typeof insertRequest>>[];
let testRequest: Awaited<ReturnType<typeof insertRequest>>;
let otherYearRequest: Awaited<ReturnType<typeof insertRequest>>;

async function dashboard(cookie: string, query = ""): Promise<Dashboard> {
  const response = await call(t, { method: "GET", url: `/api/dashboard${query}`, cookie });
  if (response.statusCode !== 200) throw new Error(`dashboard: ${response.statusCode} ${response.body}`);
  return response.json() as Dashboard;
}

async function act(requestId: number, action: string, expectedVersion = 1) {
  const response = await call(t, {
    method: "POST",
    url: `/api/requests/${requestId}/actions`,
    cookie: secretaria.cookie,
    payload: { action, expectedVersion },
  });
  if (response.statusCode !== 200) throw new Error(`${action}: ${response.body}`);
}

beforeAll(async () => {
  t = await createTestApp();
  yearId = await insertYear("dash");
  otherYearId = await insertYear("dash-o");
  family = await createUser(t);
  testFamily = await createUser(t, { role: "Prueba" });
  secretaria = await signedIn("Secretaria");

  seeded = [];
  for (const seed of SEEDS) seeded.push(await insertRequest(seed));
  // Ten older status changes of the year, so the latest ten must leave some out.
  for (let i = 0; i < 10; i++) await insertHistory(seeded[7]!.id, "Untreated", "Accepted", "accept");

  // Files never sent: one started through the wizard's endpoint, one written directly.
  const started = await call(t, {
    method: "POST",
    url: "/api/enrollment/files",
    cookie: await loginFor(family.email),
    payload: {},
  });
  expect(started.statusCode).toBe(201);
  await insertFile({ year: yearId, testData: false, status: "draft", isNew: true });

  // Test data: two untreated requests, a file not sent.
  testRequest = await insertRequest({
    status: "Untreated",
    level: "CM1",
    isNew: true,
    photo: "pending",
    testData: true,
  });
  await insertRequest({ status: "Untreated", level: "CM1", isNew: true, photo: "pending", testData: true });
  await insertFile({ year: yearId, testData: true, status: "draft", isNew: true });

  // Another school year: it must not leak in (its submissions are 100 days old).
  otherYearRequest = await insertRequest({
    status: "Untreated",
    level: "CP",
    isNew: true,
    year: otherYearId,
    daysAgo: 100,
  });
  await insertRequest({ status: "Accepted", level: "CP", isNew: false, year: otherYearId, daysAgo: 100 });
  await insertFile({ year: otherYearId, testData: false, status: "draft", isNew: true });

  // Through the workflow: accept #0, validate #5, flag #6 (no status change).
  await act(seeded[0]!.id, "accept");
  await act(seeded[5]!.id, "validate");
  const flagged = await call(t, {
    method: "PUT",
    url: `/api/requests/${seeded[6]!.id}/internal-review`,
    cookie: secretaria.cookie,
    payload: { flagged: true, note: "Check the report card", expectedVersion: 1 },
  });
  expect(flagged.statusCode).toBe(200);
  // Newer changes of test data and of the other year: left out unless asked for.
  await insertHistory(testRequest.id, "Untreated", "Refused", "refuse");
  await insertHistory(otherYearRequest.id, "Untreated", "Accepted", "accept");
});
afterAll(() => t.close());

describe("GET /api/dashboard: the figures", () => {
  it("counts the session's year per status, test data and other years left out", async () => {
    const body = await dashboard(secretaria.cookie);
    expect(body.schoolYear.id).toBe(yearId);
    expect(body.testData).toBe("exclude");
    expect(body.byStatus).toEqual({
      InProcess: 1,
      Untreated: 3,
      Accepted: 2,
      Validated: 2,
      Confirmed: 1,
      Finished: 2,
      Refused: 1,
      Discontinued: 1,
      Cancelled: 1,
      Restored: 1,
    });
    expect(body.totalRequests).toBe(15);
    // The correction draft (#14) has a request: only the two files never sent count.
    expect(body.notSentFiles).toBe(2);
    expect(body.kinds).toEqual({ new: 8, reenrollment: 7 });
    expect(body.photosPending).toBe(4);
  });

  it("draws the funnel as 'reached at least this stage' by the current status", async () => {
    const body = await dashboard(secretaria.cookie);
    expect(body.funnel).toEqual([
      { stage: "inProcess", count: 17 },
      { stage: "sent", count: 15 },
      { stage: "accepted", count: 7 },
      { stage: "validated", count: 5 },
      { stage: "confirmed", count: 3 },
      { stage: "finished", count: 2 },
    ]);
  });

  it("lists every level in the school's order, split into new and re-enrollment, then the requests without a level", async () => {
    const body = await dashboard(secretaria.cookie);
    expect(body.levels.map((level) => level.levelCode)).toEqual([...LEVEL_CODES, null]);
    const level = (code: LevelCode | null) => body.levels.find((l) => l.levelCode === code);
    expect(level("CP")).toEqual({ levelCode: "CP", total: 3, new: 2, reenrollment: 1 });
    expect(level("CM1")).toEqual({ levelCode: "CM1", total: 2, new: 1, reenrollment: 1 });
    expect(level("6E")).toEqual({ levelCode: "6E", total: 2, new: 1, reenrollment: 1 });
    expect(level("TLE")).toEqual({ levelCode: "TLE", total: 2, new: 1, reenrollment: 1 });
    expect(level("CE1")).toEqual({ levelCode: "CE1", total: 1, new: 0, reenrollment: 1 });
    expect(level("TPS")).toEqual({ levelCode: "TPS", total: 0, new: 0, reenrollment: 0 });
    expect(level(null)).toEqual({ levelCode: null, total: 1, new: 1, reenrollment: 0 });
    expect(body.levels.reduce((sum, l) => sum + l.total, 0)).toBe(15);
  });

  it("counts submissions per school day over the last 30 days, every day listed", async () => {
    const before = Date.now();
    const body = await dashboard(secretaria.cookie);
    const today = schoolDay(new Date());
    const { days } = body.submissions;
    expect(days).toHaveLength(30);
    expect(body.submissions.to).toBe(today);
    expect(days.at(-1)?.date).toBe(today);
    expect(days[0]?.date).toBe(body.submissions.from);
    expect(new Set(days.map((d) => d.date)).size).toBe(30);
    const on = (date: string) => days.find((d) => d.date === date)?.count;
    // Twelve sent now, two three days ago; the one sent 40 days ago is outside the window.
    const seededNow = schoolDay(new Date(before));
    expect(on(seededNow)).toBe(12);
    expect(on(schoolDay(new Date(before - 3 * DAY_MS)))).toBe(2);
    expect(days.reduce((sum, d) => sum + d.count, 0)).toBe(14);
  });

  it("lists the latest ten status changes, newest first, internal-review notes left out", async () => {
    const body = await dashboard(secretaria.cookie);
    expect(body.latestChanges).toHaveLength(10);
    const [newest, second] = body.latestChanges;
    expect(newest).toMatchObject({
      requestId: seeded[5]!.id,
      code: seeded[5]!.code,
      studentName: seeded[5]!.studentName,
      from: "Accepted",
      to: "Validated",
      action: "validate",
      by: { id: secretaria.id, name: "Ana Lucía Pérez Gómez" },
    });
    expect(second).toMatchObject({ requestId: seeded[0]!.id, from: "Untreated", to: "Accepted", action: "accept" });
    const times = body.latestChanges.map((change) => change.at);
    expect(times).toEqual([...times].sort().reverse());
    expect(body.latestChanges.some((change) => change.action === "flagInternalReview")).toBe(false);
    expect(body.latestChanges.some((change) => change.requestId === testRequest.id)).toBe(false);
    expect(body.latestChanges.some((change) => change.requestId === otherYearRequest.id)).toBe(false);
  });

  it("adds the test data with testData=include, and shows it alone with testData=only", async () => {
    const included = await dashboard(secretaria.cookie, "?testData=include");
    expect(included.testData).toBe("include");
    expect(included.byStatus.Untreated).toBe(5);
    expect(included.totalRequests).toBe(17);
    expect(included.notSentFiles).toBe(3);
    expect(included.photosPending).toBe(6);
    expect(included.kinds).toEqual({ new: 10, reenrollment: 7 });
    expect(included.levels.find((l) => l.levelCode === "CM1")?.total).toBe(4);
    expect(included.funnel[0]).toEqual({ stage: "inProcess", count: 20 });
    expect(included.latestChanges[0]).toMatchObject({ requestId: testRequest.id, to: "Refused" });

    const only = await dashboard(secretaria.cookie, "?testData=only");
    expect(only.totalRequests).toBe(2);
    expect(only.byStatus.Untreated).toBe(2);
    expect(only.notSentFiles).toBe(1);
    expect(only.latestChanges.map((change) => change.requestId)).toEqual([testRequest.id]);
  });

  it("answers another school year with ?schoolYearId=, its chart ending on its last submission", async () => {
    const body = await dashboard(secretaria.cookie, `?schoolYearId=${otherYearId}`);
    expect(body.schoolYear.id).toBe(otherYearId);
    expect(body.totalRequests).toBe(2);
    expect(body.byStatus.Untreated).toBe(1);
    expect(body.byStatus.Accepted).toBe(1);
    expect(body.notSentFiles).toBe(1);
    expect(body.latestChanges.map((change) => change.requestId)).toEqual([otherYearRequest.id]);
    const lastDay = schoolDay(new Date(Date.now() - 100 * DAY_MS));
    expect(body.submissions.to).toBe(lastDay);
    expect(body.submissions.days.at(-1)).toEqual({ date: lastDay, count: 2 });
  });

  it("counts a year without requests as zeros", async () => {
    const emptyYear = await insertYear("dash-e");
    const body = await dashboard(secretaria.cookie, `?schoolYearId=${emptyYear}`);
    expect(body.totalRequests).toBe(0);
    expect(Object.values(body.byStatus).every((n) => n === 0)).toBe(true);
    expect(body.funnel.every((stage) => stage.count === 0)).toBe(true);
    expect(body.levels).toHaveLength(LEVEL_CODES.length);
    expect(body.submissions.days).toHaveLength(30);
    expect(body.submissions.days.every((d) => d.count === 0)).toBe(true);
    expect(body.latestChanges).toEqual([]);
  });
});

describe("GET /api/dashboard: the latest status changes", () => {
  it("come in time order, newest first, even when the history was written request by request", async () => {
    // As an import or the demo's seed writes it: each request's whole history, then the next one's.
    const year = await insertYear("dash-t");
    const first = await insertRequest({ status: "Accepted", level: "CM1", isNew: true, year });
    const second = await insertRequest({ status: "Accepted", level: "CM2", isNew: true, year });
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    await insertHistory(first.id, "InProcess", "Untreated", "send", ago(180));
    await insertHistory(first.id, "Untreated", "Accepted", "accept", ago(60));
    await insertHistory(second.id, "InProcess", "Untreated", "send", ago(120));
    await insertHistory(second.id, "Untreated", "Accepted", "accept", ago(30));
    const body = await dashboard(secretaria.cookie, `?schoolYearId=${year}`);
    expect(body.latestChanges.map((change) => [change.requestId, change.action])).toEqual([
      [second.id, "accept"],
      [first.id, "accept"],
      [second.id, "send"],
      [first.id, "send"],
    ]);
  });
});

describe("GET /api/dashboard: who may call it", () => {
  it("refuses anonymous callers with 401", async () => {
    const response = await call(t, { method: "GET", url: "/api/dashboard" });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe("UNAUTHENTICATED");
  });

  it("refuses families (User and Test role) with 403", async () => {
    for (const role of ["User", "Prueba"] as const) {
      const { cookie } = await signedIn(role);
      const response = await call(t, { method: "GET", url: "/api/dashboard", cookie });
      expect(response.statusCode, role).toBe(403);
      expect(errorOf(response).code, role).toBe("FORBIDDEN");
    }
  });

  it("answers the same figures to Admin, Consulta and Editor", async () => {
    const expected = await dashboard(secretaria.cookie);
    for (const role of ["Admin", "Consulta", "Editor"] as const) {
      const { cookie } = await signedIn(role);
      const body = await dashboard(cookie);
      expect(body.byStatus, role).toEqual(expected.byStatus);
      expect(
        body.latestChanges.map((c) => c.id),
        role,
      ).toEqual(expected.latestChanges.map((c) => c.id));
    }
  });
});

describe("GET /api/dashboard: bad query strings", () => {
  const cases: [query: string, field: string][] = [
    ["?testData=yes", "testData"],
    ["?testData=1", "testData"],
    ["?testData=include&testData=exclude", "testData"],
    ["?schoolYearId=abc", "schoolYearId"],
    ["?schoolYearId=0", "schoolYearId"],
    ["?schoolYearId=-3", "schoolYearId"],
    ["?schoolYearId=1.5", "schoolYearId"],
    ["?schoolYearId=99999999999", "schoolYearId"],
    ["?status=Untreated", "status"],
  ];
  for (const [query, field] of cases) {
    it(`answers 400 VALIDATION_ERROR to ${query}, naming ${field}`, async () => {
      const response = await call(t, { method: "GET", url: `/api/dashboard${query}`, cookie: secretaria.cookie });
      expect(response.statusCode, response.body).toBe(400);
      const error = errorOf(response);
      expect(error.code).toBe("VALIDATION_ERROR");
      expect(error.fields?.[field]).toBeTruthy();
    });
  }

  it("answers 400 SCHOOL_YEAR_INVALID to a school year that does not exist", async () => {
    const response = await call(t, {
      method: "GET",
      url: "/api/dashboard?schoolYearId=2147483000",
      cookie: secretaria.cookie,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe("SCHOOL_YEAR_INVALID");
    expect(errorOf(response).message).toBe("The chosen school year does not exist");
  });
});
