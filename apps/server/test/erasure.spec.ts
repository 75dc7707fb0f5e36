import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eraseApplicant, previewApplicantErasure } from "../src/modules/erasure/erasure.service.ts";
import { sweepErasedFiles } from "../src/modules/erasure/erasure-files.ts";
import { archiveEntries, prepareArchive } from "./support/data-export.ts";
import {
  actOn,
  ERASED_NAMES,
  expectNoTrace,
  filesMentioning,
  listFiles,
  rowsMentioning,
  sentChild,
} from "./support/erasure.ts";
import { createOwnDatabase, type OwnDatabase } from "./support/own-database.ts";
import { call, createTestApp, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

/*
 * Erasure (docs/rules/data-protection.md "Erasure"): a never-enrolled child leaves no row and no
 * file behind; an enrolled child's records stay; a whole never-enrolled family goes with its
 * accounts; who may not call it; a file the disk refuses is listed and swept. Its own database and
 * data folder, so the folder can be listed whole.
 */

let own: OwnDatabase;
let t: TestApp;
beforeAll(async () => {
  own = await createOwnDatabase("erasure");
  t = await createTestApp(own.env);
});
afterAll(async () => {
  await t.close();
  await own.drop();
});

const url = (requestId: number) => `/api/requests/${requestId}/erasure`;

async function uploadsOf(fileId: number) {
  return t.ctx.db.selectFrom("uploads").select(["id", "storage_key"]).where("file_id", "=", fileId).execute();
}

async function storedDocumentsOf(fileId: number) {
  return t.ctx.db.selectFrom("file_documents").select("storage_key").where("file_id", "=", fileId).execute();
}

describe("erasing a never-enrolled applicant", () => {
  it("previews, then leaves no row and no file that names the child; the sibling's enrollment stays", {
    timeout: 120_000,
  }, async () => {
    const family = await signedInAs(t, "User", { language: "en" });
    const erased = await sentChild(t, family.cookie, { distinctive: true });
    const sibling = await sentChild(t, family.cookie);
    const staff = await signedInAs(t, "Secretaria", { language: "en" });
    await actOn(t, staff.cookie, sibling.requestId, "accept");
    await actOn(t, staff.cookie, erased.requestId, "refuse", { comment: "No places left." });
    // Staff read the child's medical record (audited), its PDFs are drawn and stored, and the
    // family prepared its "My data" archive: all of it names the child.
    expect(
      (
        await call(t, {
          method: "GET",
          url: `/api/requests/${erased.requestId}/steps/medicalRecord`,
          cookie: staff.cookie,
        })
      ).statusCode,
    ).toBe(200);
    for (const document of ["summary", "to-sign"]) {
      const pdf = await call(t, {
        method: "GET",
        url: `/api/enrollment/files/${erased.fileId}/documents/${document}`,
        cookie: family.cookie,
      });
      expect(pdf.statusCode).toBe(200);
    }
    expect((await prepareArchive(t, family.cookie)).status).toBe("ready");
    const erasedUploads = await uploadsOf(erased.fileId);
    const erasedDocuments = await storedDocumentsOf(erased.fileId);
    expect(erasedUploads.length).toBeGreaterThan(0);
    expect(erasedDocuments.length).toBeGreaterThan(0);

    const preview = await call(t, { method: "GET", url: url(erased.requestId), cookie: staff.cookie });
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json();
    expect(body.studentName).toBe(erased.student_name);
    expect(body.familyErasable).toBe(false);
    expect(body.removed.map((r: { item: string }) => r.item)).toEqual(
      expect.arrayContaining([
        "students",
        "enrollmentFiles",
        "requests",
        "uploads",
        "photos",
        "storedDocuments",
        "dataExports",
      ]),
    );
    expect(body.kept).toContainEqual(expect.objectContaining({ item: "auditEntries", reason: "accountability" }));

    const wrong = await call(t, {
      method: "POST",
      url: url(erased.requestId),
      cookie: staff.cookie,
      payload: { scope: "applicant", confirmName: "Someone Else" },
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toEqual({
      code: "ERASURE_NAME_MISMATCH",
      message: expect.stringContaining("Type it exactly"),
    });

    const done = await call(t, {
      method: "POST",
      url: url(erased.requestId),
      cookie: staff.cookie,
      payload: { scope: "applicant", confirmName: `  ${erased.student_name.toUpperCase()} ` },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ filesPending: 0, requestKept: false });

    const trace = {
      texts: [ERASED_NAMES.firstName, ERASED_NAMES.secondName, "Erasmina", erased.document_number, erased.code],
      fileIds: [erased.fileId],
      requestIds: [erased.requestId],
      studentIds: [erased.studentId],
      uploadIds: erasedUploads.map((u) => u.id),
    };
    expectNoTrace(await rowsMentioning(t, trace));
    const files = listFiles(own.dataDir);
    for (const key of [...erasedUploads, ...erasedDocuments].map((u) => u.storage_key)) {
      expect(files.some((f) => f.endsWith(key))).toBe(false);
    }
    expect(filesMentioning(own.dataDir, trace.texts.slice(0, 4))).toEqual([]);

    // The audit row says what happened without naming the child.
    const audit = await t.ctx.db
      .selectFrom("audit_events")
      .select(["details", "actor_user_id"])
      .where("event", "=", "erasure.applicantErased")
      .executeTakeFirstOrThrow();
    expect(audit.actor_user_id).toBe(staff.id);
    expect(JSON.parse(audit.details!).reference).toBe(done.json().reference);
    const medical = await t.ctx.db
      .selectFrom("audit_events")
      .select("details")
      .where("event", "=", "medicalRecord.viewed")
      .where("details", "like", `%${done.json().reference}%`)
      .execute();
    expect(medical).toHaveLength(1);

    // The sibling's enrollment stays, and the family's "My data" archive still works.
    expect(await uploadsOf(sibling.fileId)).not.toHaveLength(0);
    const archive = await prepareArchive(t, family.cookie);
    expect(archive.status).toBe("ready");
    const entries = await archiveEntries(t, family.cookie, archive.id);
    const data = JSON.parse(entries.get("data.json")!.toString("utf8"));
    expect(data.students.map((s: { id: number }) => s.id)).toEqual([sibling.studentId]);

    // Twice: the request is gone.
    const again = await call(t, {
      method: "POST",
      url: url(erased.requestId),
      cookie: staff.cookie,
      payload: { scope: "applicant", confirmName: erased.student_name },
    });
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).code).toBe("NOT_FOUND");
  });
});

describe("an enrolled child", () => {
  it("keeps its enrollment record, loses its drafts; its family cannot be erased whole; a second erasure is 409", {
    timeout: 90_000,
  }, async () => {
    const family = await signedInAs(t, "User");
    const child = await sentChild(t, family.cookie);
    const staff = await signedInAs(t, "Admin");
    await actOn(t, staff.cookie, child.requestId, "accept");
    await actOn(t, staff.cookie, child.requestId, "cancel", { comment: "The family moved." });
    await t.ctx.db
      .insertInto("step_drafts")
      .values({
        file_id: child.fileId,
        step: "schoolTransport",
        values_json: "{}",
        updated_at: new Date().toISOString(),
        typed_by: family.id,
      })
      .execute();
    const familyPreview = await call(t, {
      method: "GET",
      url: `${url(child.requestId)}?scope=family`,
      cookie: staff.cookie,
    });
    expect(familyPreview.statusCode).toBe(409);
    expect(errorOf(familyPreview).code).toBe("ERASURE_FAMILY_ENROLLED");

    const preview = await previewApplicantErasure(t.ctx, child.studentId, { userId: null, role: "system", ip: "test" });
    expect(preview.kept).toContainEqual({ item: "enrollmentFiles", count: 1, reason: "enrollmentRecord" });
    expect(preview.removed).toEqual([{ item: "stepDrafts", count: 1 }]);
    const result = await eraseApplicant(t.ctx, child.studentId, { userId: null, role: "system", ip: "test" });
    expect(result.requestKept).toBe(true);
    const request = await t.ctx.db
      .selectFrom("requests")
      .select("id")
      .where("id", "=", child.requestId)
      .executeTakeFirst();
    expect(request).toBeDefined();
    expect(await uploadsOf(child.fileId)).not.toHaveLength(0);
    for (const upload of await uploadsOf(child.fileId)) {
      expect(fs.existsSync(path.join(own.dataDir, "files", upload.storage_key))).toBe(true);
    }

    const again = await call(t, {
      method: "POST",
      url: url(child.requestId),
      cookie: staff.cookie,
      payload: { scope: "applicant", confirmName: child.student_name },
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe("ERASURE_NOTHING_LEFT");
  });
});

describe("erasing a whole never-enrolled family", () => {
  it("removes its accounts and sessions; a file the disk refuses is listed, then swept", {
    timeout: 90_000,
  }, async () => {
    const family = await signedInAs(t, "User");
    const child = await sentChild(t, family.cookie);
    const staff = await signedInAs(t, "Secretaria");
    // A disk fault on one file: a folder where the upload is, which unlink refuses (EISDIR).
    const [blocked] = await uploadsOf(child.fileId);
    const blockedPath = path.join(own.dataDir, "files", blocked!.storage_key);
    fs.rmSync(blockedPath);
    fs.mkdirSync(path.join(blockedPath, "inside"), { recursive: true });

    const done = await call(t, {
      method: "POST",
      url: url(child.requestId),
      cookie: staff.cookie,
      payload: { scope: "family", confirmName: child.student_name },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().filesPending).toBe(1);
    expectNoTrace(
      await rowsMentioning(t, {
        texts: [family.email, child.code, child.document_number],
        fileIds: [child.fileId],
        requestIds: [child.requestId],
        studentIds: [child.studentId],
        uploadIds: [blocked!.id],
      }),
    );
    const users = await t.ctx.db.selectFrom("users").select("id").where("id", "=", family.id).execute();
    expect(users).toEqual([]);
    expect((await call(t, { method: "GET", url: "/api/account", cookie: family.cookie })).statusCode).toBe(401);
    const pending = await t.ctx.db.selectFrom("erasure_pending_files").select(["path", "last_error"]).execute();
    expect(pending).toEqual([{ path: `files/${blocked!.storage_key}`, last_error: "EISDIR" }]);
    expect(await t.ctx.db.selectFrom("uploads").select("id").where("id", "=", blocked!.id).execute()).toEqual([]);

    fs.rmSync(blockedPath, { recursive: true });
    expect(await sweepErasedFiles(t.ctx)).toBe(0);
    expect(await t.ctx.db.selectFrom("erasure_pending_files").select("path").execute()).toEqual([]);
    expect(
      await t.ctx.db.selectFrom("audit_events").select("id").where("event", "=", "erasure.familyErased").execute(),
    ).toHaveLength(1);
  });
});

describe("who may erase", () => {
  it("refuses families and Consulta (403), the signed-out (401), and bad input (400, translated)", async () => {
    const family = await signedInAs(t, "User");
    const child = await sentChild(t, family.cookie);
    const consulta = await signedInAs(t, "Consulta");
    const staff = await signedInAs(t, "Secretaria", { language: "fr" });
    const payload = { scope: "applicant", confirmName: child.student_name };
    for (const cookie of [family.cookie, consulta.cookie]) {
      expect((await call(t, { method: "GET", url: url(child.requestId), cookie })).statusCode).toBe(403);
      expect((await call(t, { method: "POST", url: url(child.requestId), cookie, payload })).statusCode).toBe(403);
    }
    expect((await call(t, { method: "POST", url: url(child.requestId), payload })).statusCode).toBe(401);
    for (const bad of [
      { scope: "everything", confirmName: "x" },
      { scope: "applicant" },
      { scope: "applicant", confirmName: "x", extra: 1 },
    ]) {
      const response = await call(t, { method: "POST", url: url(child.requestId), cookie: staff.cookie, payload: bad });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe("VALIDATION_ERROR");
    }
    const badId = await call(t, { method: "GET", url: "/api/requests/abc/erasure", cookie: staff.cookie });
    expect(badId.statusCode).toBe(400);
    const wrong = await call(t, {
      method: "POST",
      url: url(child.requestId),
      cookie: staff.cookie,
      payload: { ...payload, confirmName: "Quelqu'un" },
    });
    expect(errorOf(wrong).message).toContain("Saisissez-le");
    expect((await call(t, { method: "GET", url: url(99_999_999), cookie: staff.cookie })).statusCode).toBe(404);
    await expect(
      eraseApplicant(t.ctx, child.studentId, { userId: consulta.id, role: "Consulta", ip: "x" }),
    ).rejects.toMatchObject({ statusCode: 403 });
  });
});
