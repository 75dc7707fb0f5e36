import fs from "node:fs";
import { afterEach, describe, expect, inject, it } from "vitest";
import { studentFileBody } from "./support/documents.ts";
import { startFile, uploadPdf } from "./support/enrollment.ts";
import { fillDisk, smallDisk } from "./support/full-disk.ts";
import { call, createTestApp, errorOf, signedInAs } from "./support/test-app.ts";

/*
 * A wizard step saved while the disk under SQLite is full (docs/architecture.md, errors): the
 * COMMIT cannot write the WAL, SQLite answers SQLITE_FULL and rolls the transaction back by
 * itself, so the transaction wrapper's own ROLLBACK finds none ("cannot rollback - no transaction
 * is active"). The family must get the documented 503 DATABASE_UNAVAILABLE with nothing of the
 * step written, and the same save must work once there is room. The disk is full for real: a
 * small tmpfs (as root, like database-faults.spec.ts) filled up by a file.
 */
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.runIf(inject("engine") === "sqlite")("SQLite full while a family saves a wizard step", () => {
  it("answers 503 DATABASE_UNAVAILABLE with nothing saved, then saves once there is room", async (context) => {
    const dataDir = smallDisk("portal-full-step", cleanups);
    if (!dataDir) return context.skip("mounting a tmpfs is not allowed here");
    const t = await createTestApp({ DATA_DIR: dataDir });
    cleanups.push(() => t.close());
    const family = await signedInAs(t, "User", { language: "en" });
    const started = await startFile(t, family.cookie);
    expect(started.statusCode, started.body).toBe(201);
    const fileId = started.json().id as number;
    const upload = await uploadPdf(t, family.cookie, fileId);
    expect(upload.statusCode, upload.body).toBe(201);
    const body = studentFileBody(upload.json().id as number);

    // The save's COMMIT must grow a file on the full disk.
    const filler = await fillDisk(t.ctx.db, dataDir);
    const save = () =>
      call(t, {
        method: "PUT",
        url: `/api/enrollment/files/${fileId}/steps/studentFile`,
        cookie: family.cookie,
        headers: { "accept-language": "en" },
        payload: body,
      });
    const refused = await save();
    expect(refused.statusCode, refused.body).toBe(503);
    expect(errorOf(refused)).toEqual({
      code: "DATABASE_UNAVAILABLE",
      message: "The database is not available right now. Try again in a few seconds.",
    });
    // Nothing half-saved: neither the step nor the student's name and number it copies.
    const step = await t.ctx.db
      .selectFrom("enrollment_steps")
      .select("step")
      .where("file_id", "=", fileId)
      .where("step", "=", "studentFile")
      .execute();
    expect(step).toEqual([]);
    const student = await t.ctx.db
      .selectFrom("students")
      .select(["student_name", "document_number"])
      .where("id", "=", started.json().studentId as number)
      .executeTakeFirstOrThrow();
    expect(student.document_number).not.toBe(body.documentNumber);

    fs.rmSync(filler);
    const saved = await save();
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await call(t, {
      method: "GET",
      url: `/api/enrollment/files/${fileId}/steps/studentFile`,
      cookie: family.cookie,
    });
    expect(after.json().data).toMatchObject({ names: "Ana Lucía", documentNumber: body.documentNumber });
  }, 60_000);
});
