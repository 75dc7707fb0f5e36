import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hoursAgo, insertDocumentRequest, insertOwnYear } from "./support/document-requests.ts";
import { call, createTestApp, createUser, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

/*
 * GET /api/requests/codes: a code typed in a list's search, found in whichever school year it
 * belongs to. Codes of this spec's own (the shared database holds the other specs' requests).
 */

let t: TestApp;
let pastYear: number;
let request: { id: number; code: string };

beforeAll(async () => {
  t = await createTestApp();
  pastYear = await insertOwnYear(t, "codes-past");
  const family = await createUser(t, { role: "User" });
  const inserted = await insertDocumentRequest(t, {
    yearId: pastYear,
    familyId: family.id,
    studentName: "Carla Código",
    sentAt: hoursAgo(1),
    isTestData: true,
  });
  // The code as sending gives it (INS-<year>-<file>), not the helper's random one: a random tail
  // without a digit in its first word is no code to the look-up, which made this spec fail by chance.
  const code = `INS-${pastYear}-${String(inserted.fileId).padStart(6, "0")}`;
  await t.ctx.db.updateTable("requests").set({ code }).where("id", "=", inserted.id).execute();
  request = { id: inserted.id, code };
});
afterAll(() => t.close());

const lookUp = (cookie: string | undefined, q: string) =>
  call(t, { method: "GET", url: `/api/requests/codes?q=${encodeURIComponent(q)}`, cookie });

describe("looking a request code up in every school year", () => {
  it("finds the request of another year, whole or in part and in any case, and names its year", async () => {
    const { cookie } = await signedInAs(t, "Secretaria");
    // The secretary's session is on the current year; the code belongs to another one.
    const label = (
      await t.ctx.db.selectFrom("school_years").select("label").where("id", "=", pastYear).executeTakeFirstOrThrow()
    ).label;
    const tail = request.code.slice(-8);
    for (const q of [request.code, request.code.toLowerCase(), tail, `  ${request.code}  `]) {
      const found = await lookUp(cookie, q);
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json(), q).toEqual({
        items: [
          { id: request.id, code: request.code, studentName: "Carla Código", schoolYear: { id: pastYear, label } },
        ],
      });
    }
  });

  it("answers nothing for a search that is no code (names, short words) and for an unknown code", async () => {
    const { cookie } = await signedInAs(t, "Consulta");
    for (const q of ["Carla Código", "doc", "1", "INS-0-999999999"]) {
      const found = await lookUp(cookie, q);
      expect(found.statusCode, q).toBe(200);
      expect(found.json(), q).toEqual({ items: [] });
    }
  });

  it("refuses a missing, too long or multi-line search and unknown parameters", async () => {
    const { cookie } = await signedInAs(t, "Admin");
    for (const url of [
      "/api/requests/codes",
      `/api/requests/codes?q=${"9".repeat(101)}`,
      "/api/requests/codes?q=INS%0A123456",
      "/api/requests/codes?q=123456&schoolYearId=1",
    ]) {
      const bad = await call(t, { method: "GET", url, cookie });
      expect(bad.statusCode, url).toBe(400);
      expect(errorOf(bad).code, url).toBe("VALIDATION_ERROR");
    }
  });

  it("is for the staff who see the request lists: not Editor, not families, not visitors", async () => {
    for (const role of ["Editor", "User", "Prueba"] as const) {
      const { cookie } = await signedInAs(t, role);
      expect((await lookUp(cookie, request.code)).statusCode, role).toBe(403);
    }
    expect((await lookUp(undefined, request.code)).statusCode).toBe(401);
  });
});
