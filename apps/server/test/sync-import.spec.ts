import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "./support/documents.ts";
import { insertSyncRequest, isolatedYear, parseCsv, stepJson, syncExport } from "./support/sync.ts";
import { call, createTestApp, createUser, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

// Sync with the BUE: the codes file back from the BUE, and one request's BUE page.

let t: TestApp;
let admin: { id: number; cookie: string };
let familyId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAs(t, "Admin");
  familyId = (await createUser(t)).id;
});
afterAll(() => t?.close());

const importFile = (text: string, cookie = admin.cookie) =>
  call(t, {
    method: "POST",
    url: "/api/sync/imports",
    cookie,
    ...multipart(Buffer.from(text, "utf8"), "codes.csv", "text/csv"),
  });
const codesOf = async (fileId: number) => ({
  student: (await stepJson(t, fileId, "studentFile")).studentCode,
  rep1: (await stepJson(t, fileId, "firstRepresentative")).contactCodeBue,
  rep2: (await stepJson(t, fileId, "secondRepresentative")).contactCodeBue,
});

describe("import of the BUE's codes", () => {
  it("fills the student and contact codes in the steps, and the next export carries them", async () => {
    const year = await isolatedYear(t);
    const a = await insertSyncRequest(t, familyId, year.id, { names: "Ana", firstName: "Andrade" });
    const b = await insertSyncRequest(t, familyId, year.id, {
      names: "Bea",
      firstName: "Borja",
      secondRepresentative: false,
    });
    const versionBefore = (
      await call(t, { method: "GET", url: `/api/sync/requests/${a.id}`, cookie: admin.cookie })
    ).json().version;

    const file = `\uFEFFrequestCode,studentCode,rep1ContactCodeBue,rep2ContactCodeBue\r\n${a.code},ST-001,CT-1,CT-2\r\n${b.code},ST-002,,\r\n`;
    const response = await importFile(file);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ updated: 2, lines: 2 });
    expect(await codesOf(a.fileId)).toEqual({ student: "ST-001", rep1: "CT-1", rep2: "CT-2" });
    expect(await codesOf(b.fileId)).toEqual({ student: "ST-002", rep1: undefined, rep2: undefined });

    const page = (await call(t, { method: "GET", url: `/api/sync/requests/${a.id}`, cookie: admin.cookie })).json();
    expect(page.row).toMatchObject({ studentCode: "ST-001", rep1ContactCodeBue: "CT-1", rep2ContactCodeBue: "CT-2" });
    expect(page.version).toBe(versionBefore + 1); // a module page opened before now answers 409

    const [header, ...rows] = parseCsv((await syncExport(t, admin.cookie, year.id)).body);
    expect(rows.find((row) => row[0] === a.code)![header!.indexOf("studentCode")]).toBe("ST-001");

    const audit = await t.ctx.db
      .selectFrom("audit_events")
      .select("details")
      .where("event", "=", "sync.imported")
      .where("actor_user_id", "=", admin.id)
      .execute();
    expect(audit.map((row) => JSON.parse(row.details!))).toContainEqual({ lines: 2, updated: 2 });
    expect(JSON.stringify(audit)).not.toContain("ST-001");
  });

  it("lists every bad line with its number and reason, and changes nothing", async () => {
    const year = await isolatedYear(t);
    const a = await insertSyncRequest(t, familyId, year.id, { names: "Ana", firstName: "Andrade" });
    const b = await insertSyncRequest(t, familyId, year.id, {
      names: "Bea",
      firstName: "Borja",
      secondRepresentative: false,
    });
    const file = [
      `${a.code};ST-9;CT-9`, // good, but must not be written
      "INS-0000-UNKNOWN;ST-1",
      `${b.code};ST-2;;CT-2`, // no second representative
      `${a.code};ST-3`, // duplicate
      `${b.code};bad code`,
    ].join("\n");
    const response = await importFile(file);
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe("SYNC_IMPORT_INVALID");
    expect(error.message).toContain("4");
    expect(Object.keys(error.fields!)).toEqual(["2", "3", "4", "5"]);
    expect(error.fields!["2"]).toMatch(/No existe/); // the Admin works in Spanish
    expect(await codesOf(a.fileId)).toEqual({ student: undefined, rep1: undefined, rep2: undefined });
    expect(await codesOf(b.fileId)).toEqual({ student: undefined, rep1: undefined, rep2: undefined });
  });

  it("answers the user's language, and refuses empty, non-UTF-8 and non-multipart bodies", async () => {
    const es = await signedInAs(t, "Secretaria", { language: "es" });
    const bad = await importFile("INS-0000-NOPE;X1\n", es.cookie);
    expect(errorOf(bad).fields!["1"]).toMatch(/No existe/);
    expect(errorOf(await importFile("\r\n\r\n")).code).toBe("SYNC_IMPORT_EMPTY");
    const latin1 = call(t, {
      method: "POST",
      url: "/api/sync/imports",
      cookie: admin.cookie,
      ...multipart(Buffer.from([0x41, 0xe9, 0x3b, 0x42]), "c.csv", "text/csv"),
    });
    expect(errorOf(await latin1).code).toBe("SYNC_IMPORT_NOT_UTF8");
    const json = await call(t, { method: "POST", url: "/api/sync/imports", cookie: admin.cookie, payload: { a: 1 } });
    expect(json.statusCode).toBe(415);
  });
});

describe("one request's BUE page", () => {
  it("edits the codes with the version, 409 when stale, 400 for a second representative that is not there", async () => {
    const year = await isolatedYear(t);
    const a = await insertSyncRequest(t, familyId, year.id, {
      names: "Ana",
      firstName: "Andrade",
      status: "Untreated",
    });
    const url = `/api/sync/requests/${a.id}`;
    const page = (await call(t, { method: "GET", url, cookie: admin.cookie })).json();
    expect(page).toMatchObject({
      code: a.code,
      eligible: false,
      hasSecondRepresentative: true,
      migration: { state: "pending" },
    });

    const put = (payload: Record<string, unknown>) =>
      call(t, { method: "PUT", url: `${url}/codes`, cookie: admin.cookie, payload });
    const body = { studentCode: "ST-7", rep1ContactCodeBue: "C-7", rep2ContactCodeBue: "", version: page.version };
    const saved = await put(body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      version: page.version + 1,
      row: { studentCode: "ST-7", rep1ContactCodeBue: "C-7" },
    });
    expect(await codesOf(a.fileId)).toEqual({ student: "ST-7", rep1: "C-7", rep2: undefined });

    const stale = await put({ ...body, studentCode: "ST-8" });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe("VERSION_CONFLICT");
    expect(await codesOf(a.fileId)).toMatchObject({ student: "ST-7" });

    // Clearing a code removes it from the step.
    const cleared = await put({ ...body, studentCode: "", version: page.version + 1 });
    expect(cleared.json().row.studentCode).toBe("");
    expect(await codesOf(a.fileId)).toMatchObject({ student: undefined });

    const b = await insertSyncRequest(t, familyId, year.id, {
      names: "Bea",
      firstName: "Borja",
      secondRepresentative: false,
    });
    const bPage = (await call(t, { method: "GET", url: `/api/sync/requests/${b.id}`, cookie: admin.cookie })).json();
    const noSecond = await call(t, {
      method: "PUT",
      url: `/api/sync/requests/${b.id}/codes`,
      cookie: admin.cookie,
      payload: { studentCode: "", rep1ContactCodeBue: "", rep2ContactCodeBue: "C-2", version: bPage.version },
    });
    expect(noSecond.statusCode).toBe(400);
    expect(errorOf(noSecond).fields).toHaveProperty("rep2ContactCodeBue");

    const audit = await t.ctx.db
      .selectFrom("audit_events")
      .select("details")
      .where("event", "=", "sync.codesEdited")
      .execute();
    expect(audit.map((row) => JSON.parse(row.details!)).filter((d) => d.requestId === a.id)).toHaveLength(2);
  });

  it("answers 404 for a request that does not exist, 400 for bad codes", async () => {
    const missing = await call(t, { method: "GET", url: "/api/sync/requests/2147483647", cookie: admin.cookie });
    expect(errorOf(missing).code).toBe("REQUEST_NOT_FOUND");
    const bad = await call(t, {
      method: "PUT",
      url: "/api/sync/requests/1/codes",
      cookie: admin.cookie,
      payload: { studentCode: "a b", rep1ContactCodeBue: "", rep2ContactCodeBue: "", version: 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toHaveProperty("studentCode");
  });
});
