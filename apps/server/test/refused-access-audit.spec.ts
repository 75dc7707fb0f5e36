import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFUSAL_AUDIT_LIMITS } from "../src/modules/audit/refused-access.ts";
import { startFile, uploadPdf } from "./support/enrollment.ts";
import { type Admin, closeOwnAdminApp, openOwnAdminApp } from "./support/own-admin-app.ts";
import type { OwnDatabase } from "./support/own-database.ts";
import { call, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

/*
 * A family asking for another family's record is refused and the refusal is in the
 * audit log, a limited number of times per window. The limit counters are school-wide, so this
 * spec has a database of its own.
 */

let own: OwnDatabase;
let t: TestApp;
let admin: Admin;
let owner: { cookie: string };
let fileId: number;
let uploadId: number;
beforeAll(async () => {
  ({ own, t, admin } = await openOwnAdminApp("refused_access"));
  owner = await signedInAs(t, "User");
  fileId = (await startFile(t, owner.cookie)).json().id as number;
  uploadId = (await uploadPdf(t, owner.cookie, fileId)).json().id as number;
});
afterAll(() => closeOwnAdminApp({ own, t }));

const refusals = (actor: number) =>
  t.ctx.db
    .selectFrom("audit_events")
    .select(["actor_user_id", "details", "ip"])
    .where("event", "=", "access.refused")
    .where("actor_user_id", "=", actor)
    .orderBy("id")
    .execute();

describe("refused calls on another family's record", () => {
  it("are refused and written to the audit log with the route and ids asked for", async () => {
    const prober = await signedInAs(t, "User", { language: "en" });
    const file = await call(t, { method: "GET", url: `/api/enrollment/files/${fileId}`, cookie: prober.cookie });
    expect(file.statusCode).toBe(403);
    expect(errorOf(file).code).toBe("NOT_YOUR_STUDENT");
    const upload = await call(t, { method: "GET", url: `/api/enrollment/uploads/${uploadId}`, cookie: prober.cookie });
    expect(upload.statusCode).toBe(403);

    const rows = await refusals(prober.id);
    expect(rows.map((row) => JSON.parse(row.details ?? "{}"))).toEqual([
      { code: "NOT_YOUR_STUDENT", method: "GET", route: "/api/enrollment/files/:fileId", params: { fileId } },
      { code: "NOT_YOUR_STUDENT", method: "GET", route: "/api/enrollment/uploads/:id", params: { id: uploadId } },
    ]);
    // The Admin reads it on the audit log page, with its details.
    const page = await call(t, { method: "GET", url: "/api/audit-events?event=access.refused", cookie: admin.cookie });
    expect(page.statusCode, page.body).toBe(200);
    expect(JSON.stringify(page.json())).toContain("/api/enrollment/files/:fileId");
  });

  it("an id that does not exist is a plain 404, not recorded; the owner's own calls are not recorded", async () => {
    const prober = await signedInAs(t, "User");
    const missing = await call(t, { method: "GET", url: "/api/enrollment/files/987654321", cookie: prober.cookie });
    expect(missing.statusCode).toBe(404);
    const mine = await call(t, { method: "GET", url: `/api/enrollment/files/${fileId}`, cookie: owner.cookie });
    expect(mine.statusCode).toBe(200);
    expect(await refusals(prober.id)).toEqual([]);
  });

  it("records at most the account's limit per window, the last one saying so, and keeps refusing", async () => {
    const prober = await signedInAs(t, "User");
    const { limit } = REFUSAL_AUDIT_LIMITS.perAccount;
    for (let attempt = 0; attempt < limit + 5; attempt += 1) {
      const response = await call(t, { method: "GET", url: `/api/enrollment/files/${fileId}`, cookie: prober.cookie });
      expect(response.statusCode).toBe(403);
    }
    const rows = await refusals(prober.id);
    expect(rows).toHaveLength(limit);
    expect(JSON.parse(rows.at(-1)?.details ?? "{}")).toMatchObject({ limitReached: true });
    expect(rows.slice(0, -1).every((row) => !JSON.parse(row.details ?? "{}").limitReached)).toBe(true);
  });

  it("a failure to record never changes the answer", async () => {
    const prober = await signedInAs(t, "User");
    // The counters' table gone: recording fails, the refusal is still a 403 in the caller's language.
    await t.ctx.db.schema.alterTable("rate_limits").renameTo("rate_limits_aside").execute();
    try {
      const response = await call(t, { method: "GET", url: `/api/enrollment/files/${fileId}`, cookie: prober.cookie });
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).code).toBe("NOT_YOUR_STUDENT");
    } finally {
      await t.ctx.db.schema.alterTable("rate_limits_aside").renameTo("rate_limits").execute();
    }
    expect(await refusals(prober.id)).toEqual([]);
  });
});
