import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { minimalPdf } from "./support/documents.ts";
import { completeFile, startFile, uploadPdf } from "./support/enrollment.ts";
import { activeParts, pdfWithJavaScript } from "./support/hostile-pdfs.ts";
import { type Admin, closeOwnAdminApp, openOwnAdminApp } from "./support/own-admin-app.ts";
import type { OwnDatabase } from "./support/own-database.ts";
import { call, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

/*
 * The school may keep each uploaded PDF as sent, beside the cleaned copy (Settings ›
 * Files, off by default); only the Admin downloads it, as an attachment, and that is audited. The
 * switch is school-wide, so this spec has a database of its own.
 */

let own: OwnDatabase;
let t: TestApp;
let admin: Admin;
beforeAll(async () => {
  ({ own, t, admin } = await openOwnAdminApp("pdf_originals"));
});
afterAll(() => closeOwnAdminApp({ own, t }));

const setKeep = (cookie: string, keepPdfOriginals: unknown) =>
  call(t, { method: "PUT", url: "/api/settings/files/pdf-originals", cookie, payload: { keepPdfOriginals } });
const uploadRow = (id: number) =>
  t.ctx.db.selectFrom("uploads").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const stored = (key: string) => fs.readFileSync(path.join(own.dataDir, "files", key));

/** A family's file sent through the real endpoints, with the upload its identity step names. */
async function sentRequest() {
  const family = await signedInAs(t, "User");
  const fileId = await completeFile(t, family.cookie);
  const sent = await call(t, { method: "POST", url: `/api/enrollment/files/${fileId}/send`, cookie: family.cookie });
  expect(sent.statusCode, sent.body).toBe(200);
  const request = await t.ctx.db
    .selectFrom("requests")
    .select("id")
    .where("file_id", "=", fileId)
    .executeTakeFirstOrThrow();
  const step = await t.ctx.db
    .selectFrom("enrollment_steps")
    .select("data")
    .where("file_id", "=", fileId)
    .where("step", "=", "studentFile")
    .executeTakeFirstOrThrow();
  return { id: request.id, uploadId: JSON.parse(step.data).identityDocumentFileId as number };
}
const original = (cookie: string, id: number, uploadId: number) =>
  call(t, { method: "GET", url: `/api/requests/${id}/uploads/${uploadId}/original`, cookie });

describe("PDF originals", () => {
  it("are not kept by default: only the cleaned copy exists", async () => {
    const settings = await call(t, { method: "GET", url: "/api/settings/files", cookie: admin.cookie });
    expect(settings.json()).toMatchObject({ keepPdfOriginals: false });
    const { id, uploadId } = await sentRequest();
    expect((await uploadRow(uploadId)).original_storage_key).toBeNull();
    const documents = await call(t, { method: "GET", url: `/api/documents/${id}`, cookie: admin.cookie });
    expect(documents.json().uploads.every((upload: { originalHref: unknown }) => upload.originalHref === null)).toBe(
      true,
    );
    const response = await original(admin.cookie, id, uploadId);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toMatchObject({
      code: "ORIGINAL_NOT_KEPT",
      message: expect.stringContaining("original"),
    });
  });

  it("only the Admin turns the switch, with a boolean; the change is audited", async () => {
    const secretaria = await signedInAs(t, "Secretaria");
    expect((await setKeep(secretaria.cookie, true)).statusCode).toBe(403);
    for (const bad of ["yes", 1, null]) {
      const response = await setKeep(admin.cookie, bad);
      expect(response.statusCode, String(bad)).toBe(400);
      expect(errorOf(response).code).toBe("VALIDATION_ERROR");
    }
    const on = await setKeep(admin.cookie, true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ keepPdfOriginals: true });
    const audit = await t.ctx.db
      .selectFrom("audit_events")
      .select(["details", "actor_user_id"])
      .where("event", "=", "settings.changed")
      .execute();
    expect(audit.map((row) => JSON.parse(row.details ?? "{}"))).toContainEqual({
      section: "files",
      keepPdfOriginals: true,
    });
  });

  it("once on, the bytes sent are kept; the Admin downloads them as an attachment, audited; others cannot", async () => {
    const { id, uploadId } = await sentRequest();
    const row = await uploadRow(uploadId);
    expect(row.original_storage_key).not.toBeNull();

    const response = await original(admin.cookie, id, uploadId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("application/octet-stream");
    expect(String(response.headers["content-disposition"])).toMatch(/^attachment; filename="original-/);
    expect(response.rawPayload.equals(minimalPdf())).toBe(true);
    // Staff still view the cleaned copy inline.
    const inline = await call(t, {
      method: "GET",
      url: `/api/requests/${id}/uploads/${uploadId}`,
      cookie: admin.cookie,
    });
    expect(inline.rawPayload.equals(minimalPdf())).toBe(false);

    const downloads = await t.ctx.db
      .selectFrom("audit_events")
      .select(["details", "actor_user_id"])
      .where("event", "=", "upload.original.downloaded")
      .execute();
    expect(downloads).toEqual([{ actor_user_id: admin.id, details: JSON.stringify({ requestId: id, uploadId }) }]);

    // The documents page links it for the Admin only.
    const documentsOf = async (cookie: string) =>
      (await call(t, { method: "GET", url: `/api/documents/${id}`, cookie })).json().uploads as {
        id: number;
        originalHref: string | null;
      }[];
    const adminLink = (await documentsOf(admin.cookie)).find((upload) => upload.id === uploadId);
    expect(adminLink?.originalHref).toBe(`/api/requests/${id}/uploads/${uploadId}/original`);
    const secretaria = await signedInAs(t, "Secretaria");
    expect((await documentsOf(secretaria.cookie)).every((upload) => upload.originalHref === null)).toBe(true);

    for (const role of ["Secretaria", "Consulta", "Editor", "User"] as const) {
      const other = await signedInAs(t, role);
      expect((await original(other.cookie, id, uploadId)).statusCode, role).toBe(403);
    }
    // An upload the request does not name is not reachable through it.
    const elsewhere = await sentRequest();
    expect((await original(admin.cookie, id, elsewhere.uploadId)).statusCode).toBe(404);
  });

  it("keeps a hostile PDF's original apart; what staff open is still clean", async () => {
    const family = await signedInAs(t, "User");
    const fileId = (await startFile(t, family.cookie)).json().id as number;
    const hostile = await pdfWithJavaScript();
    const uploaded = await uploadPdf(t, family.cookie, fileId, hostile);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const row = await uploadRow(uploaded.json().id);
    expect(stored(row.original_storage_key!).equals(hostile)).toBe(true);
    expect(await activeParts(stored(row.storage_key))).toEqual([]);
  });

  it("turned off again, new uploads keep no original", async () => {
    expect((await setKeep(admin.cookie, false)).statusCode).toBe(200);
    const family = await signedInAs(t, "User");
    const fileId = (await startFile(t, family.cookie)).json().id as number;
    const uploaded = await uploadPdf(t, family.cookie, fileId);
    expect((await uploadRow(uploaded.json().id)).original_storage_key).toBeNull();
  });
});
