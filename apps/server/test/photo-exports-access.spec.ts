import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openPhotoExport } from "../src/modules/photo-exports/photo-exports.service.ts";
import { jpegPhoto } from "./support/enrollment.ts";
import { insertPhotoRequest, insertUpload } from "./support/photo-zip.ts";
import { call, createTestApp, createUser, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

/** Photo exports: who may call them, bad input, and a download the client leaves half-way. */

let t: TestApp;
let yearId: number;

beforeAll(async () => {
  t = await createTestApp();
  yearId = 5_000_000 + Math.floor(Math.random() * 1_000_000);
  await t.ctx.db
    .insertInto("school_years")
    .values({
      id: yearId,
      label: `pxa-${randomUUID().slice(0, 8)}`,
      starts_on: "2026-09-01",
      ends_on: "2027-07-15",
      is_current: 0,
      enrollment_open: 0,
    })
    .execute();
});
afterAll(() => t.close());

const get = (url: string, cookie: string) => call(t, { method: "GET", url, cookie });

describe("who may export photos, and bad input", () => {
  it("lets Admin, Secretaria, Editor and Consulta export; refuses a family (403) and a visitor (401)", async () => {
    for (const role of ["Admin", "Secretaria", "Editor", "Consulta"] as const) {
      const { cookie } = await signedInAs(t, role);
      for (const url of ["/api/reports/photos/summary", "/api/reports/photos"]) {
        const response = await get(`${url}?photos=students&schoolYearId=${yearId}`, cookie);
        expect(response.statusCode, `${role} ${url}`).toBe(200);
      }
    }
    const family = await signedInAs(t, "User");
    for (const url of ["/api/reports/photos/summary", "/api/reports/photos"]) {
      const refused = await get(`${url}?photos=students`, family.cookie);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused).code).toBe("FORBIDDEN");
      const anonymous = await call(t, { method: "GET", url: `${url}?photos=students` });
      expect(anonymous.statusCode).toBe(401);
    }
  });

  it("answers 400 naming the parameter: unknown kind or filter, missing kind, bad level", async () => {
    const english = await signedInAs(t, "Secretaria", { language: "en" });
    const bad: [string, string][] = [
      ["photos=teachers", "photos"],
      ["", "photos"],
      ["photos=students&colour=red", "colour"],
      ["photos=students&level=XX", "level"],
      ["photos=students&status=Nope", "status"],
      ["photos=students&kind=old", "kind"],
      ["photos=students&photos=students", "photos"],
    ];
    for (const url of ["/api/reports/photos/summary", "/api/reports/photos"]) {
      for (const [query, field] of bad) {
        const response = await get(`${url}?${query}`, english.cookie);
        expect(response.statusCode, `${url}?${query}`).toBe(400);
        const error = errorOf(response);
        expect(error.code).toBe("VALIDATION_ERROR");
        expect(error.fields?.[field], `${query}: ${response.body}`).toBeTruthy();
      }
    }
  });
});

describe("a download the client leaves", () => {
  it("stops reading, and audits the export as not completed", async () => {
    const family = await createUser(t);
    const photo = await jpegPhoto({ width: 500, height: 500 });
    await insertPhotoRequest(t, {
      schoolYearId: yearId,
      familyId: family.id,
      level: "CM2",
      student: { firstName: "Salazar", names: "Rosa" },
      steps: async (fileId) => ({
        studentPhoto: {
          photoFileId: (await insertUpload(t, family.id, fileId, photo)).id,
          authorizeUse: true,
          authorizePublication: false,
          authorizeCommunication: false,
          authorizeConservation: false,
        },
      }),
    });
    const admin = await createUser(t, { role: "Admin" });
    const user = await t.ctx.db.selectFrom("users").selectAll().where("id", "=", admin.id).executeTakeFirstOrThrow();
    const zip = await openPhotoExport(
      t.ctx,
      {
        user: { id: user.id, role: "Admin" } as Parameters<typeof openPhotoExport>[1]["user"],
        ip: "10.0.0.1",
        lang: "es",
        sessionSchoolYearId: yearId,
        log: t.app.log,
      },
      { photos: "students", testData: "exclude", schoolYearId: yearId },
    );
    // The client goes away before reading anything (as Fastify destroys the stream on a closed socket).
    zip.stream.destroy();
    await vi.waitFor(
      async () => {
        const row = await t.ctx.db
          .selectFrom("audit_events")
          .select("details")
          .where("actor_user_id", "=", admin.id)
          .where("event", "=", "photos.exported")
          .executeTakeFirst();
        expect(JSON.parse(row?.details ?? "{}")).toMatchObject({ completed: false, included: 0 });
      },
      { timeout: 10_000, interval: 50 },
    );
  });
});
