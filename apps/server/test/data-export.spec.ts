import Ajv2020 from "ajv/dist/2020.js";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archiveEntries, downloadArchive, prepareArchive, sentFile } from "./support/data-export.ts";
import { jpegPhoto, uploadAs } from "./support/enrollment.ts";
import { call, createTestApp, createUser, errorOf, loginAs, signedInAs, type TestApp } from "./support/test-app.ts";

/*
 * "My data" (docs/data-protection.md): a family's archive holds its data as JSON valid against
 * the schema.json it carries, the same rows as the database, its PDFs and uploaded files; no one
 * else can start, see or download it; an expired link says so; a missing file is listed.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A family (English) with a sent file, an extra photo, and a Secretaria who opened the medical record. */
async function familyWithHistory() {
  const family = await signedInAs(t, "User", { language: "en" });
  const { fileId, requestId, code } = await sentFile(t, family.cookie);
  const staff = await signedInAs(t, "Secretaria");
  const viewed = await call(t, {
    method: "GET",
    url: `/api/requests/${requestId}/steps/medicalRecord`,
    cookie: staff.cookie,
  });
  expect(viewed.statusCode).toBe(200);
  return { family, staff, fileId, requestId, code };
}

describe("the family's archive", () => {
  // A whole file completed and sent, and its two PDFs drawn: longer than the default on a busy machine.
  it("holds data.json valid against its schema, the database's rows, the PDFs and the uploads", {
    timeout: 90_000,
  }, async () => {
    const { family, fileId, requestId, code } = await familyWithHistory();
    const state = await prepareArchive(t, family.cookie);
    expect(state).toMatchObject({ status: "ready", errorCode: null });
    expect(state.done).toBe(state.total);
    expect(Date.parse(state.expiresAt!) - Date.now()).toBeGreaterThan(23 * 3_600_000);

    const response = await downloadArchive(t, family.cookie, state.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/zip");
    expect(response.headers["content-disposition"]).toContain("my-data-");
    const entries = await archiveEntries(t, family.cookie, state.id);

    const schema = JSON.parse(entries.get("schema.json")!.toString("utf8"));
    const data = JSON.parse(entries.get("data.json")!.toString("utf8"));
    const validate = new Ajv2020({ strict: false }).compile(schema);
    expect(validate(data), JSON.stringify(validate.errors)).toBe(true);

    // Compared with the database: every row of the family, nothing of anyone else.
    const db = t.ctx.db;
    const count = async (query: { execute: () => Promise<unknown[]> }) => (await query.execute()).length;
    expect(data.family.accounts.map((a: { email: string }) => a.email)).toEqual([family.email]);
    expect(data.students).toHaveLength(
      await count(db.selectFrom("students").select("id").where("family_user_id", "=", family.id)),
    );
    expect(data.enrollmentFiles.map((f: { id: number }) => f.id)).toEqual([fileId]);
    expect(data.steps).toHaveLength(
      await count(db.selectFrom("enrollment_steps").select("step").where("file_id", "=", fileId)),
    );
    expect(data.uploads).toHaveLength(
      await count(db.selectFrom("uploads").select("id").where("family_user_id", "=", family.id)),
    );
    expect(data.consents).toHaveLength(
      await count(db.selectFrom("consents").select("id").where("file_id", "=", fileId)),
    );
    expect(data.consents.length).toBeGreaterThan(0);
    expect(data.consents[0]).toMatchObject({ textVersion: expect.any(String), at: expect.any(String) });
    expect(data.requests).toMatchObject([{ id: requestId, code }]);
    expect(data.requestHistory).toHaveLength(
      await count(db.selectFrom("request_history").select("id").where("request_id", "=", requestId)),
    );
    const mails = await count(
      db
        .selectFrom("mail_outbox")
        .select("id")
        .where((eb) => eb.or([eb("user_id", "=", family.id), eb("request_id", "=", requestId)])),
    );
    expect(mails).toBeGreaterThan(0);
    expect(data.emails).toHaveLength(mails);
    expect(data.steps.map((s: { step: string }) => s.step)).toEqual(
      expect.arrayContaining(["firstRepresentative", "authorizedPersons", "medicalRecord"]),
    );

    // Who looked at the child's medical data, and when, from the audit log.
    expect(data.medicalAccesses).toEqual([
      expect.objectContaining({
        staffName: "Ana Lucía Pérez Gómez",
        staffRole: "Secretaria",
        requestCode: code,
        action: "module",
      }),
    ]);
    expect(data.medicalAccesses[0].studentName).toBe(data.students[0].name);

    // The PDFs and an uploaded file are really inside, byte for byte.
    const pdfs = data.documents.map((d: { archivePath: string }) => d.archivePath);
    expect(pdfs).toHaveLength(2);
    for (const name of pdfs) expect(entries.get(name)!.subarray(0, 5).toString()).toBe("%PDF-");
    const upload = await db
      .selectFrom("uploads")
      .select(["id", "storage_key"])
      .where("family_user_id", "=", family.id)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const item = data.uploads.find((u: { id: number }) => u.id === upload.id);
    const { readFile } = await import("node:fs/promises");
    const onDisk = await readFile(`${t.ctx.config.dataDir}/files/${upload.storage_key}`);
    expect(entries.get(item.archivePath)!.equals(onDisk)).toBe(true);
    expect(entries.get("README.txt")!.toString("utf8")).toContain("No file is missing.");

    // Audited: the request and the download, for the staff's audit log.
    const events = await db
      .selectFrom("audit_events")
      .select("event")
      .where("subject_user_id", "=", family.id)
      .where("event", "like", "dataExport.%")
      .execute();
    expect(events.map((e) => e.event).sort()).toEqual([
      "dataExport.downloaded",
      "dataExport.downloaded",
      "dataExport.requested",
    ]);

    // The staff see it happened in the audit log page, labelled in their language; never its content.
    const admin = await signedInAs(t, "Admin", { language: "en" });
    const log = await call(t, {
      method: "GET",
      url: `/api/audit-events?event=dataExport.requested&subject=${encodeURIComponent(family.email)}`,
      cookie: admin.cookie,
    });
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().items).toEqual([
      expect.objectContaining({
        eventLabel: '"My data" archive requested by the family',
        actor: expect.objectContaining({ email: family.email }),
        info: {},
      }),
    ]);
  });

  it("lists a missing uploaded file instead of failing", async () => {
    const family = await signedInAs(t, "User", { language: "es" });
    const fileId = (
      await call(t, { method: "POST", url: "/api/enrollment/files", cookie: family.cookie, payload: {} })
    ).json().id;
    const photo = await uploadAs(t, family.cookie, fileId, "studentPhoto", await jpegPhoto(), "foto.jpg", "image/jpeg");
    expect(photo.statusCode).toBe(201);
    const row = await t.ctx.db
      .selectFrom("uploads")
      .select("storage_key")
      .where("id", "=", photo.json().id)
      .executeTakeFirstOrThrow();
    const { rm } = await import("node:fs/promises");
    await rm(`${t.ctx.config.dataDir}/files/${row.storage_key}`);

    const state = await prepareArchive(t, family.cookie);
    expect(state.status).toBe("ready");
    const entries = await archiveEntries(t, family.cookie, state.id);
    const data = JSON.parse(entries.get("data.json")!.toString("utf8"));
    expect(data.uploads).toEqual([
      expect.objectContaining({ originalName: "foto.jpg", missing: true, archivePath: null }),
    ]);
    expect(data.missingFiles).toEqual([{ what: "upload", name: "foto.jpg" }]);
    expect(entries.get("README.txt")!.toString("utf8")).toContain("foto.jpg");
  });

  it("shows the archive already being prepared on a second press", async () => {
    const family = await signedInAs(t, "User");
    const now = new Date().toISOString();
    await t.ctx.db
      .insertInto("data_exports")
      .values({
        id: "R".repeat(32),
        family_user_id: family.id,
        requested_by: family.id,
        running_family_id: family.id,
        status: "running",
        language: "es",
        done: 3,
        total: 10,
        storage_key: null,
        size: null,
        error_code: null,
        created_at: now,
        heartbeat_at: now,
        finished_at: null,
        expires_at: null,
      })
      .execute();
    const again = await call(t, { method: "POST", url: "/api/account/data-export", cookie: family.cookie });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({ id: "R".repeat(32), status: "running", done: 3, total: 10 });
    const rows = await t.ctx.db
      .selectFrom("data_exports")
      .select("id")
      .where("family_user_id", "=", family.id)
      .execute();
    expect(rows).toHaveLength(1);
    await t.ctx.db.deleteFrom("data_exports").where("id", "=", "R".repeat(32)).execute();
  });

  it("says an expired link has expired, in the family's language, and removes the archive", async () => {
    const family = await signedInAs(t, "User", { language: "fr" });
    const state = await prepareArchive(t, family.cookie);
    const row = await t.ctx.db
      .selectFrom("data_exports")
      .select("storage_key")
      .where("id", "=", state.id)
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .updateTable("data_exports")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", state.id)
      .execute();
    const expired = await downloadArchive(t, family.cookie, state.id);
    expect(expired.statusCode).toBe(410);
    expect(errorOf(expired)).toMatchObject({ code: "DATA_EXPORT_EXPIRED" });
    expect(errorOf(expired).message).toContain("24 heures");
    const { existsSync } = await import("node:fs");
    expect(existsSync(`${t.ctx.config.dataDir}/exports/${row.storage_key}`)).toBe(false);
    const current = await call(t, { method: "GET", url: "/api/account/data-export", cookie: family.cookie });
    expect(current.json().export).toMatchObject({ id: state.id, status: "expired" });
  });
});

describe("who may use it", () => {
  it("either parent of a household prepares the family's archive, and the other sees and downloads it", async () => {
    const first = await signedInAs(t, "User");
    const second = await createUser(t, { role: "User" });
    // Joined the household, as accepting an invitation leaves it (household.spec.ts walks the invitation).
    await t.ctx.db.updateTable("users").set({ household_owner_id: first.id }).where("id", "=", second.id).execute();
    const cookie = await loginAs(t, second.email);
    const state = await prepareArchive(t, cookie);
    expect(state.status).toBe("ready");
    const seen = await call(t, { method: "GET", url: "/api/account/data-export", cookie: first.cookie });
    expect(seen.json().export).toMatchObject({ id: state.id, status: "ready" });
    const entries = await archiveEntries(t, first.cookie, state.id);
    const data = JSON.parse(entries.get("data.json")!.toString("utf8"));
    expect(data.family.id).toBe(first.id);
    expect(data.family.accounts.map((a: { email: string }) => a.email)).toEqual([first.email, second.email]);
  });

  it("another family can neither see nor download the archive; staff cannot use the family's endpoints", async () => {
    const owner = await signedInAs(t, "User");
    const state = await prepareArchive(t, owner.cookie);
    const other = await signedInAs(t, "User", { language: "en" });
    const seen = await call(t, { method: "GET", url: "/api/account/data-export", cookie: other.cookie });
    expect(seen.json()).toEqual({ export: null });
    const taken = await downloadArchive(t, other.cookie, state.id);
    expect(taken.statusCode).toBe(404);
    expect(errorOf(taken).code).toBe("NOT_FOUND");

    for (const role of ["Admin", "Secretaria"] as const) {
      const staff = await signedInAs(t, role);
      for (const [method, url] of [
        ["GET", "/api/account/data-export"],
        ["POST", "/api/account/data-export"],
        ["GET", `/api/account/data-export/${state.id}/file`],
      ] as const) {
        const response = await call(t, { method, url, cookie: staff.cookie });
        expect(response.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(errorOf(response).code).toBe("FORBIDDEN");
      }
    }
    const staffRows = await t.ctx.db
      .selectFrom("data_exports")
      .select(sql<number>`count(*)`.as("n"))
      .where("family_user_id", "=", owner.id)
      .executeTakeFirstOrThrow();
    expect(Number(staffRows.n)).toBe(1);
  });

  it("answers bad ids with 400 in the user's language, never a 500", async () => {
    const family = await signedInAs(t, "User", { language: "en" });
    for (const id of [
      "1",
      "..%2F..%2Fetc%2Fpasswd",
      "A".repeat(31),
      "A".repeat(33),
      "%00".repeat(12),
      "é".repeat(32),
    ]) {
      const response = await downloadArchive(t, family.cookie, id);
      expect(response.statusCode, id).toBe(400);
      expect(errorOf(response).code, id).toBe("VALIDATION_ERROR");
    }
    const unknown = await downloadArchive(t, family.cookie, "A".repeat(32));
    expect(unknown.statusCode).toBe(404);
  });

  it("answers any id in the path with 400 or 404, never a 500 (fuzz)", async () => {
    const family = await signedInAs(t, "User");
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "binary", minLength: 1, maxLength: 80 }), async (id) => {
        const response = await downloadArchive(t, family.cookie, encodeURIComponent(id));
        expect([400, 404], `${JSON.stringify(id)} → ${response.statusCode}`).toContain(response.statusCode);
        expect(errorOf(response).message).not.toBe("");
      }),
      { numRuns: 40 },
    );
  });
});
