import { randomUUID } from "node:crypto";
import { REQUEST_STATUSES } from "@portal/shared/request-status";
import type { Role } from "@portal/shared/roles";
import { LEVEL_CODES } from "@portal/shared/rules/levels";
import { Migrator } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { nowIso, openDatabase } from "../src/db/database.ts";
import { MIGRATIONS, migrateToLatest } from "../src/db/migrate.ts";
import { seedReferenceData } from "../src/db/seeds/reference-data.ts";
import { createRng, randomCedula, seedLargeSchool } from "../src/demo/large-school.ts";
import { insertStudent } from "../src/modules/enrollment/enrollment.repository.ts";
import { VERSION_TRUST_MS } from "../src/modules/requests/list-version.ts";
import { refreshRequestColumns } from "../src/modules/requests/request-columns.ts";
import { everyStepBody, minimalPdf, studentFileBody } from "./support/documents.ts";
import { insertPastFile, insertPastYear, jpegPhoto, uploadAs } from "./support/enrollment.ts";
import { createOwnDatabase } from "./support/own-database.ts";
import { call, createTestApp, createUser, errorOf, loginAs, TEST_PASSWORD, type TestApp } from "./support/test-app.ts";

/**
 * A write made outside this app (another process) shows in the lists once the version read is no
 * longer trusted; a change made through the app shows at once (the workflow tests).
 */
const anotherProcessWindow = () => new Promise((resolve) => setTimeout(resolve, VERSION_TRUST_MS + 20));
let t: TestApp;
/** Two school years of this spec's own: the shared database holds other specs' requests. */
let yearId: number;
let bigYearId: number;

async function insertYear(opts: { open: boolean }): Promise<number> {
  const id = 2_000_000 + Math.floor(Math.random() * 1_000_000);
  await t.ctx.db
    .insertInto("school_years")
    .values({
      id,
      label: `list-${randomUUID().slice(0, 8)}`,
      starts_on: "2026-09-01",
      ends_on: "2027-07-15",
      is_current: 0,
      enrollment_open: opts.open ? 1 : 0,
    })
    .execute();
  return id;
}

async function loginFor(email: string, schoolYearId = yearId): Promise<string> {
  return loginAs(t, email, TEST_PASSWORD, schoolYearId);
}

async function signedIn(role: Role, opts: { language?: string } = {}) {
  const user = await createUser(t, { role, ...opts });
  return { ...user, cookie: await loginFor(user.email) };
}

/** A family that uploads each kind of document once and reuses it on every file it sends. */
async function family(role: "User" | "Prueba" = "User") {
  const user = await signedIn(role);
  const uploads = new Map<string, number>();
  const upload = async (fileId: number, kind: string) => {
    const known = uploads.get(kind);
    if (known) return known;
    const photo = kind.endsWith("Photo");
    const response = await uploadAs(
      t,
      user.cookie,
      fileId,
      kind,
      photo ? await jpegPhoto() : minimalPdf(),
      photo ? `${kind}.jpg` : `${kind}.pdf`,
      photo ? "image/jpeg" : "application/pdf",
    );
    if (response.statusCode !== 201) throw new Error(`upload ${kind}: ${response.body}`);
    uploads.set(kind, response.json().id);
    return response.json().id as number;
  };
  return { ...user, upload };
}

type Family = Awaited<ReturnType<typeof family>>;

interface FileChoices {
  student?: Record<string, unknown>;
  levelCode?: string;
  first?: Record<string, unknown>;
  /** "declined" for no second representative. */
  second?: Record<string, unknown> | "declined";
  /** A re-enrollment of this student (a past file must exist). */
  studentId?: number;
}

/**
 * Fills every step through the real endpoints, sends the file, then refreshes the request's list
 * columns (what submission.service.ts will do itself once it calls refreshRequestColumns).
 */
async function sendFile(f: Family, choices: FileChoices = {}): Promise<{ fileId: number; requestId: number }> {
  const started = await call(t, {
    method: "POST",
    url: "/api/enrollment/files",
    cookie: f.cookie,
    payload: choices.studentId ? { studentId: choices.studentId } : {},
  });
  if (started.statusCode !== 201) throw new Error(`start: ${started.body}`);
  const fileId = started.json().id as number;
  const bodies = await everyStepBody({
    schoolYearId: yearId,
    pdf: (kind) => f.upload(fileId, kind),
    photo: (kind) => f.upload(fileId, kind),
  });
  for (const [step, body] of bodies) {
    let payload = body as Record<string, unknown>;
    if (step === "studentFile") payload = { ...payload, ...choices.student };
    if (step === "enrollmentYear" && choices.levelCode) payload = { ...payload, levelCode: choices.levelCode };
    if (step === "firstRepresentative") payload = { ...payload, ...choices.first };
    if (step === "secondRepresentative") {
      payload =
        choices.second === "declined"
          ? { declined: true, reason: "Padre fallecido" }
          : { ...payload, ...choices.second };
    }
    const saved = await call(t, {
      method: "PUT",
      url: `/api/enrollment/files/${fileId}/steps/${step}`,
      cookie: f.cookie,
      payload,
    });
    if (saved.statusCode !== 200) throw new Error(`${step}: ${saved.statusCode} ${saved.body}`);
  }
  const sent = await call(t, { method: "POST", url: `/api/enrollment/files/${fileId}/send`, cookie: f.cookie });
  if (sent.statusCode !== 200) throw new Error(`send: ${sent.body}`);
  expect(await refreshRequestColumns(t.ctx.db, fileId)).toBe(true);
  const request = await t.ctx.db
    .selectFrom("requests")
    .select("id")
    .where("file_id", "=", fileId)
    .executeTakeFirstOrThrow();
  return { fileId, requestId: request.id };
}

const cedulas = (() => {
  const rng = createRng(99);
  return Array.from({ length: 6 }, () => randomCedula(rng));
})();

/** The requests of `yearId`, by name. */
const sentRequests: Record<string, { fileId: number; requestId: number }> = {};
let staff: Record<"Admin" | "Secretaria" | "Consulta" | "Editor" | "User", string>;

beforeAll(async () => {
  t = await createTestApp();
  yearId = await insertYear({ open: true });
  bigYearId = await insertYear({ open: false });

  // Ana Lucía Pérez Loor (CM2, new), her reps Carmen Loor and Jorge Pérez (the default bodies).
  const a = await family();
  sentRequests.ana = await sendFile(a, { student: { documentNumber: cedulas[4] } });
  // Her sister Élodie Núñez Pérez (6E, new), same representatives.
  sentRequests.elodie = await sendFile(a, {
    student: { names: "Élodie", firstName: "Núñez", secondName: "Pérez", documentNumber: cedulas[0] },
    levelCode: "6E",
  });
  // Mateo Andrade Torres (CM2, new): one representative, the second declined.
  const b = await family();
  sentRequests.mateo = await sendFile(b, {
    student: { names: "Mateo", firstName: "Andrade", secondName: "Torres", documentNumber: cedulas[1] },
    first: {
      names: "María José",
      firstName: "Andrade",
      documentNumber: "PA1234567",
      relationshipStudentCode: "OTHER",
      relationshipOther: "Madrina",
    },
    second: "declined",
  });
  // Tomás Benítez Ortiz: a re-enrollment (CM1 last year, CM2 now).
  const c = await family();
  const studentId = await insertStudent(t.ctx.db, c.id, false);
  await insertPastFile(t, {
    studentId,
    schoolYearId: await insertPastYear(t),
    levelCode: "CM1",
    studentFile: studentFileBody(1),
  });
  sentRequests.tomas = await sendFile(c, {
    studentId,
    student: { names: "Tomás", firstName: "Benítez", secondName: "Ortiz", documentNumber: cedulas[2] },
    first: { names: "Gloria", firstName: "Ortiz", documentNumber: "PASS30003" },
    second: { names: "Raúl", firstName: "Benítez", documentNumber: "PASS40004" },
  });
  // A Test-role family: test data, hidden by default.
  const p = await family("Prueba");
  sentRequests.prueba = await sendFile(p, {
    student: { names: "Probando", firstName: "Prueba", secondName: "Demo", documentNumber: cedulas[3] },
    first: { names: "Patricio", firstName: "Prueba", documentNumber: "PASS50005" },
    second: { names: "Paula", firstName: "Prueba", documentNumber: "PASS60006" },
    levelCode: "CP",
  });
  // A file still being filled in: no request, never listed.
  await call(t, { method: "POST", url: "/api/enrollment/files", cookie: (await family()).cookie, payload: {} });

  // Statuses (the workflow is another issue's) and distinct sending times for a known order.
  const set = async (name: string, status: string, createdAt: string) =>
    t.ctx.db
      .updateTable("requests")
      .set({ request_status: status, created_at: createdAt, updated_at: createdAt })
      .where("id", "=", sentRequests[name]!.requestId)
      .execute();
  await set("ana", "Untreated", "2026-05-01T10:00:00.000Z");
  await set("elodie", "Accepted", "2026-05-02T10:00:00.000Z");
  await set("mateo", "Validated", "2026-05-03T10:00:00.000Z");
  await set("tomas", "Untreated", "2026-05-04T10:00:00.000Z");
  await set("prueba", "Untreated", "2026-05-05T10:00:00.000Z");

  staff = {
    Admin: (await signedIn("Admin")).cookie,
    Secretaria: (await signedIn("Secretaria")).cookie,
    Consulta: (await signedIn("Consulta")).cookie,
    Editor: (await signedIn("Editor")).cookie,
    User: (await signedIn("User")).cookie,
  };
}, 120_000);
afterAll(() => t.close());

async function list(query = "", cookie = staff.Secretaria) {
  const response = await call(t, { method: "GET", url: `/api/requests${query ? `?${query}` : ""}`, cookie });
  if (response.statusCode !== 200) throw new Error(`${query}: ${response.statusCode} ${response.body}`);
  return response.json() as { items: Record<string, unknown>[]; total: number; page: number; pageSize: number };
}

/** This spec's year's requests (no test data), newest first, with their document numbers. */
async function documentsOfYear() {
  const rows = await t.ctx.db
    .selectFrom("requests")
    .select(["id", "code", "student_document", "first_representative_document", "second_representative_document"])
    .where("school_year_id", "=", yearId)
    .where("is_test_data", "=", 0)
    .orderBy("created_at", "desc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    code: r.code.toLowerCase(),
    student: r.student_document.toLowerCase(),
    first: r.first_representative_document.toLowerCase(),
    second: r.second_representative_document.toLowerCase(),
  }));
}

const idsOf = (page: { items: Record<string, unknown>[] }) => page.items.map((item) => item.id);
const ids = (...names: string[]) => names.map((name) => sentRequests[name]!.requestId);

describe("the list columns of a sent request", () => {
  it("are copied from the file's steps", async () => {
    const row = await t.ctx.db
      .selectFrom("requests")
      .selectAll()
      .where("id", "=", sentRequests.mateo!.requestId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      student_name: "Mateo Andrade Torres",
      student_sort_name: "mateo andrade torres",
      student_document: cedulas[1],
      level_code: "CM2",
      is_new_student: 1,
      first_representative_name: "María José Andrade",
      first_representative_document: "PA1234567",
      second_representative_name: "",
      second_representative_document: "",
      search_text: `mateo andrade torres ${cedulas[1]} | maria jose andrade pa1234567 # `,
    });
    const tomas = await t.ctx.db
      .selectFrom("requests")
      .select(["is_new_student", "second_representative_name"])
      .where("id", "=", sentRequests.tomas!.requestId)
      .executeTakeFirstOrThrow();
    expect(tomas).toEqual({ is_new_student: 0, second_representative_name: "Raúl Benítez" });
  });
});

describe("GET /api/requests", () => {
  it("lists the session's school year, newest first, test data hidden, 25 a page", async () => {
    const page = await list();
    expect(page).toMatchObject({ total: 4, page: 1, pageSize: 25 });
    expect(idsOf(page)).toEqual(ids("tomas", "mateo", "elodie", "ana"));
    expect(page.items[1]).toEqual({
      id: sentRequests.mateo!.requestId,
      code: expect.stringMatching(new RegExp(`^INS-${yearId}-\\d{6}$`)),
      studentName: "Mateo Andrade Torres",
      studentDocument: cedulas[1],
      levelCode: "CM2",
      isNewStudent: true,
      requestStatus: "Validated",
      photoStatus: "pending",
      firstRepresentativeName: "María José Andrade",
      secondRepresentativeName: null,
      createdAt: "2026-05-03T10:00:00.000Z",
      updatedAt: "2026-05-03T10:00:00.000Z",
      isTestData: false,
      internalReview: false,
    });
  });

  it("shows test data on request, or only test data", async () => {
    expect(idsOf(await list("testData=include"))).toEqual(ids("prueba", "tomas", "mateo", "elodie", "ana"));
    const only = await list("testData=only");
    expect(idsOf(only)).toEqual(ids("prueba"));
    expect(only.items[0]?.isTestData).toBe(true);
  });

  it("narrows by status, a comma list for several", async () => {
    expect(idsOf(await list("status=Accepted"))).toEqual(ids("elodie"));
    expect(idsOf(await list("status=Untreated,Validated"))).toEqual(ids("tomas", "mateo", "ana"));
    expect((await list("status=Finished")).total).toBe(0);
  });

  it("narrows by level and by kind", async () => {
    expect(idsOf(await list("level=6E"))).toEqual(ids("elodie"));
    expect(idsOf(await list("level=CM2"))).toEqual(ids("tomas", "mateo", "ana"));
    expect(idsOf(await list("kind=reenrollment"))).toEqual(ids("tomas"));
    expect(idsOf(await list("kind=new"))).toEqual(ids("mateo", "elodie", "ana"));
    expect(idsOf(await list("kind=new&level=CM2&status=Untreated"))).toEqual(ids("ana"));
  });

  it("searches student and representative names and documents, ignoring accents and case", async () => {
    const search = async (q: string, extra = "") => idsOf(await list(`q=${encodeURIComponent(q)}${extra}`));
    expect(await search("ELODIE")).toEqual(ids("elodie"));
    expect(await search("nunez")).toEqual(ids("elodie"));
    expect(await search("Núñez")).toEqual(ids("elodie"));
    expect(await search("  lucía   pérez  ")).toEqual(ids("ana"));
    expect(await search("carmen")).toEqual(ids("elodie", "ana"));
    expect(await search("Maria Jose")).toEqual(ids("mateo"));
    expect(await search("raul")).toEqual(ids("tomas"));
    expect(await search(cedulas[4]!)).toEqual(ids("ana"));
    expect(await search(cedulas[2]!.slice(0, 6))).toEqual(ids("tomas"));
    expect(await search("pa1234567")).toEqual(ids("mateo"));
    expect(await search("ana zzzz")).toEqual([]);
    expect(await search("prueba")).toEqual([]);
    expect(await search("prueba", "&testData=include")).toEqual(ids("prueba"));
    // Wildcards are text: "%" and "_" match nothing special (they are not even searched for).
    expect(await search("%")).toEqual(ids("tomas", "mateo", "elodie", "ana"));
    // A digit finds the documents and codes that hold it, never the segment markers of search_text.
    const rows = await documentsOfYear();
    for (const digit of ["1", "2", "5", "9"]) {
      const expected = rows.filter((r) => [r.code, r.student, r.first, r.second].some((d) => d.includes(digit)));
      expect(await search(digit), digit).toEqual(expected.map((r) => r.id));
    }
  });

  it("finds a request by its code, whole or in part, in any case", async () => {
    const search = async (q: string) => idsOf(await list(`q=${encodeURIComponent(q)}`));
    const rows = await documentsOfYear();
    const elodie = rows.find((r) => r.id === sentRequests.elodie!.requestId)!;
    expect(elodie.code).toMatch(/^ins-\d+-\d{6}$/);
    expect(await search(elodie.code.toUpperCase())).toEqual(ids("elodie"));
    expect(await search(elodie.code)).toEqual(ids("elodie"));
    // The number without its prefix, and its last digits (codes share their leading zeros).
    const number = elodie.code.split("-")[2]!;
    const tail = number.replace(/^0+/, "");
    const expected = rows.filter((r) => [r.code, r.student, r.first, r.second].some((d) => d.includes(tail)));
    expect(await search(tail)).toEqual(expected.map((r) => r.id));
    expect(await search(`INS ${number}`)).toEqual(ids("elodie"));
    // A code's word beside a name: both must match.
    expect(await search(`${number} nunez`)).toEqual(ids("elodie"));
    expect(await search(`${number} raul`)).toEqual([]);
  });

  it("sorts by name, level, status and code, ascending or descending", async () => {
    expect(idsOf(await list("sort=studentName"))).toEqual(ids("ana", "elodie", "mateo", "tomas"));
    expect(idsOf(await list("sort=studentName&order=desc"))).toEqual(ids("tomas", "mateo", "elodie", "ana"));
    // Levels in the school's order (CM2 before 6E), ties by id.
    expect(idsOf(await list("sort=level"))).toEqual(ids("ana", "mateo", "tomas", "elodie"));
    // Statuses in the workflow's order: Untreated, Accepted, Validated.
    expect(idsOf(await list("sort=status"))).toEqual(ids("ana", "tomas", "elodie", "mateo"));
    expect(idsOf(await list("sort=code"))).toEqual(ids("ana", "elodie", "mateo", "tomas"));
    expect(idsOf(await list("sort=createdAt&order=asc"))).toEqual(ids("ana", "elodie", "mateo", "tomas"));
    expect(idsOf(await list("sort=updatedAt"))).toEqual(ids("tomas", "mateo", "elodie", "ana"));
  });

  it("keeps its totals exact when a request changes (cached totals follow the triggers' version)", async () => {
    expect((await list("status=Accepted")).total).toBe(1);
    // Written behind the app's back, as another process would: the list sees it within VERSION_TRUST_MS.
    await t.ctx.db
      .updateTable("requests")
      .set({ request_status: "Accepted" })
      .where("id", "=", sentRequests.ana!.requestId)
      .execute();
    try {
      await anotherProcessWindow();
      const page = await list("status=Accepted");
      expect(page.total).toBe(2);
      expect(idsOf(page)).toEqual(ids("elodie", "ana"));
    } finally {
      await t.ctx.db
        .updateTable("requests")
        .set({ request_status: "Untreated" })
        .where("id", "=", sentRequests.ana!.requestId)
        .execute();
    }
    await anotherProcessWindow();
    expect((await list("status=Accepted")).total).toBe(1);
  });
});

describe("the internal-review filter", () => {
  /** PUT /api/requests/:id/internal-review at the version the request has now. */
  async function review(name: string, flagged: boolean, note?: string) {
    const id = sentRequests[name]!.requestId;
    const { version } = await t.ctx.db
      .selectFrom("requests")
      .select("version")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const response = await call(t, {
      method: "PUT",
      url: `/api/requests/${id}/internal-review`,
      cookie: staff.Secretaria,
      payload: { flagged, note, expectedVersion: version },
    });
    expect(response.statusCode, response.body).toBe(200);
  }
  const versionNow = async () =>
    Number((await t.ctx.db.selectFrom("request_list_version").select("version").executeTakeFirstOrThrow()).version);

  it("lists only the flagged, unresolved requests, and follows a flag set or cleared at once", async () => {
    // Read (and cache) the filtered list and the whole list before anything is flagged.
    expect(await list("internalReview=1")).toMatchObject({ items: [], total: 0 });
    expect((await list()).items.every((item) => item.internalReview === false)).toBe(true);

    let version = await versionNow();
    await review("ana", true, "Check the level");
    expect(await versionNow()).toBeGreaterThan(version);
    await review("tomas", true, "Second surname?");
    const flagged = await list("internalReview=1");
    expect(flagged.total).toBe(2);
    expect(idsOf(flagged)).toEqual(ids("tomas", "ana"));
    expect(flagged.items.every((item) => item.internalReview === true)).toBe(true);
    // The full list shows the flag on the rows (the cached page was dropped with the version).
    const all = await list("sort=studentName");
    expect(all.items.map((item) => item.internalReview)).toEqual([true, false, false, true]);
    // With the other filters and sorts.
    expect(idsOf(await list("internalReview=1&sort=studentName"))).toEqual(ids("ana", "tomas"));
    expect(idsOf(await list("internalReview=1&kind=reenrollment"))).toEqual(ids("tomas"));
    expect(idsOf(await list("internalReview=1&status=Accepted,Validated"))).toEqual([]);
    expect(idsOf(await list(`internalReview=1&q=${encodeURIComponent("lucía")}`))).toEqual(ids("ana"));
    expect((await list("internalReview=1&testData=only")).total).toBe(0);

    // Resolving takes the request off the filtered list at once (the cached total moves too).
    version = await versionNow();
    await review("tomas", false);
    expect(await versionNow()).toBeGreaterThan(version);
    const after = await list("internalReview=1");
    expect(after.total).toBe(1);
    expect(idsOf(after)).toEqual(ids("ana"));
    expect((await list("kind=reenrollment")).items[0]?.internalReview).toBe(false);

    await review("ana", false);
    expect((await list("internalReview=1")).total).toBe(0);
    // The flag changed the requests' last change: put the times the other tests know back.
    for (const [name, at] of [
      ["ana", "2026-05-01T10:00:00.000Z"],
      ["tomas", "2026-05-04T10:00:00.000Z"],
    ] as const) {
      await t.ctx.db
        .updateTable("requests")
        .set({ updated_at: at })
        .where("id", "=", sentRequests[name]!.requestId)
        .execute();
    }
  });

  it("a flag written by any update of the column moves the version (the triggers watch every column)", async () => {
    const version = await versionNow();
    await t.ctx.db
      .updateTable("requests")
      .set({ internal_review: 1 })
      .where("id", "=", sentRequests.elodie!.requestId)
      .execute();
    try {
      expect(await versionNow()).toBeGreaterThan(version);
      await anotherProcessWindow();
      expect(idsOf(await list("internalReview=1"))).toEqual(ids("elodie"));
    } finally {
      await t.ctx.db
        .updateTable("requests")
        .set({ internal_review: 0 })
        .where("id", "=", sentRequests.elodie!.requestId)
        .execute();
    }
    await anotherProcessWindow();
    expect((await list("internalReview=1")).total).toBe(0);
  });
});

describe("pagination over a generated school", () => {
  let all: number[];
  beforeAll(async () => {
    const seeded = await seedLargeSchool(t.ctx.db, t.ctx.engine, {
      requests: 57,
      schoolYearId: bigYearId,
      testShare: 0,
      seed: 5,
      passwordHash: "not-a-real-hash",
      dataDir: inject("dataDir"),
    });
    expect(seeded.currentYearRequests).toBe(57);
    // Every request sent at the same instant: only the id orders them.
    await t.ctx.db
      .updateTable("requests")
      .set({ created_at: "2026-04-01T00:00:00.000Z" })
      .where("school_year_id", "=", bigYearId)
      .execute();
    const rows = await t.ctx.db
      .selectFrom("requests")
      .select("id")
      .where("school_year_id", "=", bigYearId)
      .orderBy("id", "desc")
      .execute();
    all = rows.map((row) => row.id);
  }, 60_000);

  it("walks every page once, in a stable order, with the total", async () => {
    const seen: unknown[] = [];
    for (let page = 1; page <= 6; page++) {
      const result = await list(`schoolYearId=${bigYearId}&pageSize=10&page=${page}`);
      expect(result).toMatchObject({ total: 57, page, pageSize: 10 });
      expect(result.items).toHaveLength(page < 6 ? 10 : 7);
      seen.push(...idsOf(result));
    }
    expect(seen).toEqual(all);
    const beyond = await list(`schoolYearId=${bigYearId}&pageSize=10&page=7`);
    expect(beyond).toMatchObject({ items: [], total: 57 });
    expect((await list(`schoolYearId=${bigYearId}&pageSize=100`)).items).toHaveLength(57);
    expect((await list(`schoolYearId=${bigYearId}&pageSize=50&page=2`)).items).toHaveLength(7);
  });

  it("sorts a larger list the same way on both engines", async () => {
    const byName = (await list(`schoolYearId=${bigYearId}&pageSize=100&sort=studentName`)).items;
    const keys = byName.map((item) => String(item.studentName).normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase());
    expect(keys).toEqual([...keys].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
    const byLevel = (await list(`schoolYearId=${bigYearId}&pageSize=100&sort=level&order=desc`)).items;
    const levels = byLevel.map((item) => LEVEL_CODES.indexOf(item.levelCode as never));
    expect(levels).toEqual([...levels].sort((x, y) => y - x));
    const byStatus = (await list(`schoolYearId=${bigYearId}&pageSize=100&sort=status`)).items;
    const statuses = byStatus.map((item) => REQUEST_STATUSES.indexOf(item.requestStatus as never));
    expect(statuses).toEqual([...statuses].sort((x, y) => x - y));
  });
});

describe("GET /api/representatives", () => {
  async function reps(query = "", cookie = staff.Secretaria) {
    const response = await call(t, { method: "GET", url: `/api/representatives${query ? `?${query}` : ""}`, cookie });
    if (response.statusCode !== 200) throw new Error(`${query}: ${response.statusCode} ${response.body}`);
    return response.json() as { items: Record<string, unknown>[]; total: number };
  }
  const who = (page: { items: Record<string, unknown>[] }) => page.items.map((item) => `${item.name} (${item.type})`);

  it("lists one row per representative, by student name, with the contact details", async () => {
    const page = await reps();
    expect(page.total).toBe(7);
    expect(who(page)).toEqual([
      "Carmen Loor (1)",
      "Jorge Pérez (2)",
      "Carmen Loor (1)",
      "Jorge Pérez (2)",
      "María José Andrade (1)",
      "Gloria Ortiz (1)",
      "Raúl Benítez (2)",
    ]);
    expect(page.items[4]).toEqual({
      type: 1,
      name: "María José Andrade",
      documentNumber: "PA1234567",
      email: "rep1@example.ec",
      cellPhone: "099 123 4567",
      relationship: "OTHER",
      relationshipOther: "Madrina",
      studentName: "Mateo Andrade Torres",
      requestId: sentRequests.mateo!.requestId,
      requestCode: expect.stringMatching(/^INS-/),
      requestStatus: "Validated",
      createdAt: "2026-05-03T10:00:00.000Z",
      isTestData: false,
    });
  });

  it("lists the first or the second representatives alone", async () => {
    const first = await reps("type=1");
    expect(first.total).toBe(4);
    expect(first.items.every((item) => item.type === 1)).toBe(true);
    const second = await reps("type=2");
    expect(who(second)).toEqual(["Jorge Pérez (2)", "Jorge Pérez (2)", "Raúl Benítez (2)"]);
    expect((await reps("type=2&testData=only")).items.map((item) => item.name)).toEqual(["Paula Prueba"]);
  });

  it("searches the representative's own name and document, or the student's", async () => {
    expect(who(await reps("q=carmen"))).toEqual(["Carmen Loor (1)", "Carmen Loor (1)"]);
    expect(who(await reps("q=PASS40004"))).toEqual(["Raúl Benítez (2)"]);
    expect(who(await reps("q=tomas"))).toEqual(["Gloria Ortiz (1)", "Raúl Benítez (2)"]);
    expect(who(await reps("q=elodie&type=2"))).toEqual(["Jorge Pérez (2)"]);
    expect(who(await reps("q=raul&type=1"))).toEqual([]);
    const rows = await documentsOfYear();
    for (const digit of ["1", "2", "5", "9"]) {
      const first = rows.filter((r) => r.student.includes(digit) || r.first.includes(digit));
      const second = rows.filter((r) => r.second !== "" && (r.student.includes(digit) || r.second.includes(digit)));
      expect((await reps(`q=${digit}&type=1`)).total, digit).toBe(first.length);
      expect((await reps(`q=${digit}&type=2`)).total, digit).toBe(second.length);
      expect((await reps(`q=${digit}`)).total, digit).toBe(first.length + second.length);
    }
  });

  it("pages and sorts", async () => {
    const newest = await reps("pageSize=10&page=1&sort=createdAt");
    expect(newest.items[0]).toMatchObject({ name: "Gloria Ortiz", type: 1 });
    expect((await reps("pageSize=10&page=2")).items).toEqual([]);
  });

  it("sorts by the representative's own name, accents and case aside, on both engines", async () => {
    expect(who(await reps("sort=name"))).toEqual([
      "Carmen Loor (1)",
      "Carmen Loor (1)",
      "Gloria Ortiz (1)",
      "Jorge Pérez (2)",
      "Jorge Pérez (2)",
      "María José Andrade (1)",
      "Raúl Benítez (2)",
    ]);
    expect(who(await reps("sort=name&order=desc&type=2"))).toEqual([
      "Raúl Benítez (2)",
      "Jorge Pérez (2)",
      "Jorge Pérez (2)",
    ]);
    expect(who(await reps("sort=name&type=1&pageSize=10"))).toEqual([
      "Carmen Loor (1)",
      "Carmen Loor (1)",
      "Gloria Ortiz (1)",
      "María José Andrade (1)",
    ]);
    // The same name twice: the request id breaks the tie (ascending with the order).
    const carmen = (await reps("sort=name&type=1")).items.slice(0, 2).map((item) => item.requestId);
    expect(carmen).toEqual(ids("ana", "elodie"));
  });
});

describe("who may list", () => {
  for (const url of ["/api/requests", "/api/representatives"]) {
    it(`${url}: Admin, Secretaria and Consulta; Editor and families 403; anonymous 401`, async () => {
      for (const role of ["Admin", "Secretaria", "Consulta"] as const) {
        expect((await call(t, { method: "GET", url, cookie: staff[role] })).statusCode, role).toBe(200);
      }
      for (const role of ["Editor", "User"] as const) {
        const response = await call(t, { method: "GET", url, cookie: staff[role] });
        expect(response.statusCode, role).toBe(403);
        expect(errorOf(response).code).toBe("FORBIDDEN");
      }
      const anonymous = await call(t, { method: "GET", url });
      expect(anonymous.statusCode).toBe(401);
      expect(errorOf(anonymous).code).toBe("UNAUTHENTICATED");
    });
  }
});

describe("bad parameters", () => {
  const BAD: [query: string, field: string][] = [
    ["page=0", "page"],
    ["page=-1", "page"],
    ["page=1.5", "page"],
    ["page=abc", "page"],
    ["page=100001", "page"],
    ["pageSize=7", "pageSize"],
    ["pageSize=1000", "pageSize"],
    ["pageSize=", "pageSize"],
    ["status=Nope", "status"],
    ["status=Untreated,Nope", "status"],
    ["status=", "status"],
    ["status=Untreated&status=Accepted", "status"],
    ["sort=drop%20table%20requests", "sort"],
    ["sort=id", "sort"],
    ["order=up", "order"],
    ["level=XX", "level"],
    ["kind=old", "kind"],
    ["internalReview=0", "internalReview"],
    ["internalReview=yes", "internalReview"],
    ["internalReview=", "internalReview"],
    ["internalReview=1&internalReview=1", "internalReview"],
    ["testData=maybe", "testData"],
    ["schoolYearId=abc", "schoolYearId"],
    ["schoolYearId=0", "schoolYearId"],
    [`q=${"a".repeat(500)}`, "q"],
    [`q=${"a".repeat(101)}`, "q"],
    ["q=%00", "q"],
    ["q=a&q=b", "q"],
    ["role=Admin", "role"],
  ];

  it("GET /api/requests answers 400 VALIDATION_ERROR naming the parameter, in the user's language", async () => {
    const english = await signedIn("Secretaria", { language: "en" });
    for (const [query, field] of BAD) {
      const response = await call(t, { method: "GET", url: `/api/requests?${query}`, cookie: english.cookie });
      expect(response.statusCode, query).toBe(400);
      const error = errorOf(response);
      expect(error.code, query).toBe("VALIDATION_ERROR");
      expect(error.fields?.[field], `${query}: ${response.body}`).toBeTruthy();
    }
    const response = await call(t, { method: "GET", url: "/api/requests?pageSize=7", cookie: english.cookie });
    expect(errorOf(response).fields?.pageSize).toBe("Choose an option from the list");
    const spanish = await call(t, { method: "GET", url: "/api/requests?pageSize=7", cookie: staff.Secretaria });
    expect(errorOf(spanish).fields?.pageSize).not.toBe("Choose an option from the list");
  });

  it("GET /api/representatives refuses the same, and an unknown type or sort", async () => {
    const own: [string, string][] = [
      ["type=3", "type"],
      ["type=first", "type"],
      ["sort=level", "sort"],
      ["status=Untreated", "status"],
      ["internalReview=1", "internalReview"],
      ["sort=updatedAt", "sort"],
    ];
    // The requests list's own parameters (status, level, kind) are unknown here: refused by name too.
    for (const [query, field] of [...own, ...BAD]) {
      const response = await call(t, { method: "GET", url: `/api/representatives?${query}`, cookie: staff.Consulta });
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response).fields?.[field], `${query}: ${response.body}`).toBeTruthy();
    }
  });
});

describe("migration 0004 on a database with requests sent before it", () => {
  it("backfills the list columns from the files, students and steps", async () => {
    const own = await createOwnDatabase("request-lists");
    const handle = openDatabase({ databaseUrl: own.databaseUrl, dataDir: own.dataDir });
    try {
      const names = Object.keys(MIGRATIONS);
      const upTo3 = Object.fromEntries(
        names.slice(0, names.indexOf("0004_request_lists")).map((n) => [n, MIGRATIONS[n]!]),
      );
      const result = await new Migrator({
        db: handle.db,
        provider: { getMigrations: async () => upTo3 },
      }).migrateToLatest();
      expect(result.error).toBeUndefined();
      // biome-ignore lint/suspicious/noExplicitAny: the schema before migration 0004.
      const db = handle.db as any;
      const now = nowIso();
      await db
        .insertInto("school_years")
        .values({
          id: 1,
          label: "2026-2027",
          starts_on: "2026-09-01",
          ends_on: "2027-07-15",
          is_current: 1,
          enrollment_open: 1,
        })
        .execute();
      const user = await db
        .insertInto("users")
        .values({
          email: "f@x.ec",
          password_hash: "h",
          first_surname: "Loor",
          names: "Carmen",
          role: "User",
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const student = await db
        .insertInto("students")
        .values({
          family_user_id: user.id,
          student_name: "Ana Lucía Pérez Loor",
          document_number: "1714307103",
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const file = await db
        .insertInto("enrollment_files")
        .values({
          student_id: student.id,
          school_year_id: 1,
          is_new_student: 0,
          status: "sent",
          level_code: "CM2",
          created_at: now,
          updated_at: now,
          sent_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const steps = Object.fromEntries(
        (await everyStepBody({ schoolYearId: 1, pdf: async () => 1, photo: async () => 2 })).map(([step, body]) => [
          step,
          body,
        ]),
      );
      steps.secondRepresentative = { declined: true, reason: "Padre fallecido" };
      steps.studentFile = { ...(steps.studentFile as object), documentNumber: "1714307103" };
      await db
        .insertInto("enrollment_steps")
        .values(
          Object.entries(steps).map(([step, data]) => ({
            file_id: file.id,
            step,
            data: JSON.stringify(data),
            completed_at: now,
            updated_at: now,
          })),
        )
        .execute();
      await db
        .insertInto("requests")
        .values({
          code: "INS-1-000001",
          user_id: user.id,
          file_id: file.id,
          school_year_id: 1,
          request_status: "Untreated",
          photo_status: "pending",
          created_at: now,
          updated_at: now,
        })
        .execute();

      await migrateToLatest(handle.db);
      await seedReferenceData(handle.db);
      const row = await handle.db.selectFrom("requests").selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        student_name: "Ana Lucía Pérez Loor",
        student_sort_name: "ana lucia perez loor",
        student_document: "1714307103",
        level_code: "CM2",
        is_new_student: 0,
        first_representative_name: "Carmen Loor",
        first_representative_document: "PASS10001",
        second_representative_name: "",
        search_text: "ana lucia perez loor 1714307103 | carmen loor pass10001 # ",
        // Migration 0007's sort copies of the representatives' names.
        first_representative_sort_name: "carmen loor",
        second_representative_sort_name: "",
      });
      // The same as the module computes for a request sent today.
      expect(await refreshRequestColumns(handle.db, file.id)).toBe(true);
      expect(await handle.db.selectFrom("requests").selectAll().executeTakeFirstOrThrow()).toEqual(row);
      // The triggers count changes from now on.
      const version = await handle.db.selectFrom("request_list_version").select("version").executeTakeFirstOrThrow();
      expect(version.version).toBeGreaterThan(0);
    } finally {
      await handle.close();
      await own.drop();
    }
  });
});
