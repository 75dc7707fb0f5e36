import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "./support/documents.ts";
import { insertSyncRequest, isolatedYear, stepJson, syncExport } from "./support/sync.ts";
import { call, createTestApp, createUser, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

// Sync with the BUE: who may view and who may change, and the import's bad input.

let t: TestApp;
let year: { id: number };
let request: { id: number; code: string; fileId: number };
beforeAll(async () => {
  t = await createTestApp();
  year = await isolatedYear(t);
  request = await insertSyncRequest(t, (await createUser(t)).id, year.id, { names: "Olga", firstName: "Ortiz" });
});
afterAll(() => t?.close());

const importAs = (cookie: string | undefined, text: string | Buffer) =>
  call(t, {
    method: "POST",
    url: "/api/sync/imports",
    cookie,
    ...multipart(typeof text === "string" ? Buffer.from(text) : text, "codes.csv", "text/csv"),
  });
const putCodes = (cookie: string | undefined) =>
  call(t, {
    method: "PUT",
    url: `/api/sync/requests/${request.id}/codes`,
    cookie,
    payload: { studentCode: "X-1", rep1ContactCodeBue: "", rep2ContactCodeBue: "", version: 1 },
  });
const migrated = () =>
  t.ctx.db.selectFrom("bue_migrations").select("request_id").where("request_id", "=", request.id).execute();

describe("who may use the sync", () => {
  it("Consulta views the list, the batches and a request, but may not export, import or edit codes", async () => {
    const { cookie } = await signedInAs(t, "Consulta");
    expect((await call(t, { method: "GET", url: `/api/sync?schoolYearId=${year.id}`, cookie })).statusCode).toBe(200);
    expect(
      (await call(t, { method: "GET", url: `/api/sync/exports?schoolYearId=${year.id}`, cookie })).statusCode,
    ).toBe(200);
    expect((await call(t, { method: "GET", url: `/api/sync/requests/${request.id}`, cookie })).statusCode).toBe(200);
    for (const response of [
      await syncExport(t, cookie, year.id),
      await importAs(cookie, `${request.code};X-1\n`),
      await putCodes(cookie),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).code).toBe("FORBIDDEN");
    }
    expect(await migrated()).toEqual([]);
    expect((await stepJson(t, request.fileId, "studentFile")).studentCode).toBeUndefined();
  });

  it("Editor and a family are refused everything; a visitor must sign in", async () => {
    for (const role of ["Editor", "User"] as const) {
      const { cookie } = await signedInAs(t, role);
      const responses = [
        await call(t, { method: "GET", url: `/api/sync?schoolYearId=${year.id}`, cookie }),
        await call(t, { method: "GET", url: `/api/sync/requests/${request.id}`, cookie }),
        await syncExport(t, cookie, year.id),
        await importAs(cookie, `${request.code};X-1\n`),
        await putCodes(cookie),
      ];
      expect(
        responses.map((r) => r.statusCode),
        role,
      ).toEqual([403, 403, 403, 403, 403]);
    }
    const visitor = [
      await call(t, { method: "GET", url: "/api/sync" }),
      await syncExport(t, undefined, year.id),
      await importAs(undefined, `${request.code};X-1\n`),
    ];
    expect(visitor.map((r) => errorOf(r).code)).toEqual(["UNAUTHENTICATED", "UNAUTHENTICATED", "UNAUTHENTICATED"]);
    expect(await migrated()).toEqual([]);
    expect((await stepJson(t, request.fileId, "studentFile")).studentCode).toBeUndefined();
  });
});

describe("bad input", () => {
  it("refuses bad list and batch queries naming the parameter", async () => {
    const { cookie } = await signedInAs(t, "Secretaria");
    const state = await call(t, { method: "GET", url: "/api/sync?state=done", cookie });
    expect(errorOf(state).fields).toHaveProperty("state");
    const unknown = await call(t, { method: "GET", url: "/api/sync?colour=red", cookie });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(unknown).fields)).toContain("colour");
    const format = await call(t, { method: "GET", url: "/api/sync/exports/1?format=xlsx", cookie });
    expect(errorOf(format).fields).toHaveProperty("format");
    const exportFormat = await call(t, {
      method: "POST",
      url: "/api/sync/exports",
      cookie,
      payload: { schoolYearId: year.id, format: "xml" },
    });
    expect(errorOf(exportFormat).fields).toHaveProperty("format");
  });

  it("fuzz: arbitrary import files answer < 500 in the one error shape and change nothing", async () => {
    const { cookie } = await signedInAs(t, "Secretaria");
    const cell = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(request.code, "", '"', "ST-1", "=1+1"));
    const line = fc
      .tuple(fc.array(cell, { maxLength: 6 }), fc.constantFrom(";", ","))
      .map(([cells, separator]) => cells.join(separator));
    const file = fc.oneof(
      fc.array(line, { maxLength: 8 }).map((lines) => Buffer.from(lines.join("\n"))),
      fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
    );
    await fc.assert(
      fc.asyncProperty(file, async (bytes) => {
        const response = await importAs(cookie, bytes);
        expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
        if (response.statusCode >= 400) expect(errorOf(response).message).toBeTruthy();
        // A file whose every line is good may set this request's codes: undo them for the next run.
        if (response.statusCode === 200) {
          await t.ctx.db
            .updateTable("enrollment_steps")
            .set({ data: JSON.stringify({ names: "Olga", firstName: "Ortiz" }) })
            .where("file_id", "=", request.fileId)
            .where("step", "=", "studentFile")
            .execute();
        }
      }),
      { numRuns: 150 },
    );
  });

  it("refuses an upload over 2 MB with 413 and a missing file part with 400", async () => {
    const { cookie } = await signedInAs(t, "Admin");
    const big = await importAs(cookie, Buffer.alloc(2 * 1024 * 1024 + 10, 0x41));
    expect(big.statusCode).toBe(413);
    const boundary = "----x";
    const noFile = await call(t, {
      method: "POST",
      url: "/api/sync/imports",
      cookie,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="other"\r\n\r\nvalue\r\n--${boundary}--\r\n`,
    });
    expect(errorOf(noFile).code).toBe("UPLOAD_MISSING");
  });
});
