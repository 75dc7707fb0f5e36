import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { nowIso } from "../../src/db/database.ts";
import { ensureYearDocuments } from "../../src/modules/school-documents/document-seed.ts";
import { flat, readPdfText } from "./pdf-text.ts";
import { insertStudentRow } from "./students.ts";
import { call, signedInAs, type TestApp } from "./test-app.ts";

/**
 * Settings › Documents (docs/rules/documents.md "The school's own documents"). The documents are
 * per school year and every spec file shares the database: everything that changes one is done
 * in a school year of this spec's own, whose requests are written straight into the database.
 */

export type Version = {
  id: number;
  number: number;
  titles: Record<string, string>;
  bodies: Record<string, string>;
  publishedAt: string | null;
};
export type Doc = {
  id: number;
  key: string;
  version: number;
  audience: string;
  levels: string[] | null;
  draft: Version | null;
  inForce: Version | null;
  history: Version[];
};

/**
 * Settings › Documents' helpers, in a school year of the caller's own (the documents are per
 * school year and every spec file shares the database): its documents, and sent requests written
 * straight into the database.
 */
export async function documentsYear(t: TestApp, admin: { cookie: string }) {
  // Centuries after the school's years, so none of theirs copies this one's documents when first
  // used (docs/rules/documents.md: a new year copies the nearest earlier one's); ensured at once.
  const last = await t.ctx.db
    .selectFrom("school_years")
    .select((eb) => [eb.fn.max("id").as("id"), eb.fn.max("starts_on").as("starts_on")])
    .executeTakeFirst();
  const yearId = Number(last?.id ?? 0) + 1000 + Math.floor(Math.random() * 1000);
  const startYear = Math.max(2400, Number(String(last?.starts_on ?? "2400").slice(0, 4)) + 2);
  await t.ctx.db
    .insertInto("school_years")
    .values({
      id: yearId,
      label: `D-${randomUUID().slice(0, 8)}`,
      starts_on: `${startYear}-09-01`,
      ends_on: `${startYear + 1}-06-30`,
      is_current: 0,
      enrollment_open: 0,
    })
    .execute();
  await ensureYearDocuments(t.ctx.db, t.ctx.engine, yearId);
  const list = async (schoolYearId = yearId) => {
    const response = await call(t, {
      method: "GET",
      url: `/api/settings/documents?schoolYearId=${schoolYearId}`,
      cookie: admin.cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { documents: Doc[]; fees: { texts: Record<string, string>; version: number } };
  };
  const docOf = async (key: string) => (await list()).documents.find((d) => d.key === key)!;

  async function saveDraft(
    doc: Doc,
    bodies: Record<string, string>,
    titles = doc.inForce?.titles ?? { es: "T", en: "T", fr: "T" },
  ) {
    return call(t, {
      method: "PUT",
      url: `/api/settings/documents/${doc.id}/draft`,
      cookie: admin.cookie,
      payload: { titles, bodies, expectedVersion: doc.version },
    });
  }
  const publish = (doc: { id: number; version: number }) =>
    call(t, {
      method: "POST",
      url: `/api/settings/documents/${doc.id}/publish`,
      cookie: admin.cookie,
      payload: { expectedVersion: doc.version },
    });

  /** A sent request of this spec's year, its file with the steps the documents read. */
  async function sentRequest(opts: { isNew?: boolean; level?: string; name?: string } = {}) {
    const family = await signedInAs(t, "User");
    const now = nowIso();
    const student = await insertStudentRow(t, { familyId: family.id, name: opts.name ?? "Lucía Torres Vega", at: now });
    const file = await t.ctx.db
      .insertInto("enrollment_files")
      .values({
        student_id: student.id,
        school_year_id: yearId,
        is_new_student: opts.isNew === false ? 0 : 1,
        status: "sent",
        level_code: opts.level ?? "CM1",
        created_at: now,
        updated_at: now,
        sent_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const code = `SD-${randomUUID().slice(0, 8).toUpperCase()}`;
    const request = await t.ctx.db
      .insertInto("requests")
      .values({
        code,
        user_id: family.id,
        file_id: file.id,
        school_year_id: yearId,
        level_code: opts.level ?? "CM1",
        is_new_student: opts.isNew === false ? 0 : 1,
        request_status: "Untreated",
        photo_status: "pending",
        is_test_data: 0,
        url_file: null,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { family, fileId: file.id, requestId: request.id, code };
  }

  async function toSignText(fileId: number, regenerate = false) {
    const response = await call(t, {
      method: "GET",
      url: `/api/enrollment/files/${fileId}/documents/to-sign${regenerate ? "?regenerate=true" : ""}`,
      cookie: admin.cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    return flat((await readPdfText(response.rawPayload)).text);
  }

  return { yearId, list, docOf, saveDraft, publish, sentRequest, toSignText };
}
