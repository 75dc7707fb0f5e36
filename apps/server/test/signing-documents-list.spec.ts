import type { DocumentList } from "@portal/shared/schemas/documents";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowIso } from "../src/db/database.ts";
import { ensureYearDocuments } from "../src/modules/school-documents/document-seed.ts";
import { hoursAgo, insertDocumentRequest, insertOwnYear } from "./support/document-requests.ts";
import { call, createTestApp, createUser, errorOf, loginAs, TEST_PASSWORD, type TestApp } from "./support/test-app.ts";

/*
 * The documents page and signing online (docs/rules/documents.md "Signing online"): a paper signed
 * online by every representative is not overdue; the `signing` filter and each row's summary. The
 * signing rows are written straight to the tables (the ceremony is signing-ceremony.spec.ts's).
 */

let t: TestApp;
let yearId: number;
let cookie: string;
const r = {} as Record<"online" | "half" | "pending" | "complete", { id: number; code: string }>;

async function sign(requestId: number, fileId: number, key: string, status: string) {
  const document = await t.ctx.db
    .selectFrom("school_documents")
    .innerJoin("school_document_versions", "school_document_versions.document_id", "school_documents.id")
    .select(["school_documents.id", "school_document_versions.id as versionId"])
    .where("school_documents.school_year_id", "=", yearId)
    .where("school_documents.key", "=", key)
    .where("school_document_versions.published_at", "is not", null)
    .executeTakeFirstOrThrow();
  await t.ctx.db
    .insertInto("signing_documents")
    .values({
      request_id: requestId,
      file_id: fileId,
      document_id: document.id,
      version_id: document.versionId,
      language: "es",
      status,
      created_at: nowIso(),
    })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  yearId = await insertOwnYear(t, "signlist");
  await ensureYearDocuments(t.ctx.db, t.ctx.engine, yearId);
  const family = await createUser(t, { role: "User" });
  const secretaria = await createUser(t, { role: "Secretaria", language: "en" });
  cookie = await loginAs(t, secretaria.email, TEST_PASSWORD, yearId);
  const base = { yearId, familyId: family.id, sentAt: hoursAgo(5) };
  const online = await insertDocumentRequest(t, { ...base, studentName: "Olga Online" });
  const half = await insertDocumentRequest(t, { ...base, studentName: "Hugo Half" });
  const pending = await insertDocumentRequest(t, { ...base, studentName: "Pia Pending" });
  const complete = await insertDocumentRequest(t, { ...base, studentName: "Carmen Complete" });
  Object.assign(r, { online, half, pending, complete });
  await sign(online.id, online.fileId, "contract", "awaitingSchool");
  await sign(online.id, online.fileId, "imageConsent", "complete");
  await sign(half.id, half.fileId, "contract", "complete");
  await sign(half.id, half.fileId, "imageConsent", "pending");
  await sign(pending.id, pending.fileId, "contract", "pending");
  await sign(complete.id, complete.fileId, "contract", "complete");
  await sign(complete.id, complete.fileId, "imageConsent", "complete");
});
afterAll(() => t.close());

async function list(query: string): Promise<DocumentList> {
  const response = await call(t, { method: "GET", url: `/api/documents?schoolYearId=${yearId}&${query}`, cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const codes = (page: DocumentList) => page.items.map((item) => item.code).sort();

describe("the documents list with signing online", () => {
  it("is overdue only for a paper neither handed in nor signed online by the family", async () => {
    expect(codes(await list("handIn=overdue"))).toEqual([r.half.code, r.pending.code].sort());
    const page = await list("");
    const online = page.items.find((item) => item.code === r.online.code)!;
    expect(online.overdue).toBe(false);
    expect(online.checklist).toEqual([
      { item: "contract", title: "Educational services contract", received: false, signedOnline: true },
      { item: "imageConsent", title: "Consent to the use of the student's image", received: false, signedOnline: true },
    ]);
    expect(online.signing.map((d) => [d.key, d.status])).toEqual([
      ["contract", "awaitingSchool"],
      ["imageConsent", "complete"],
    ]);
    expect(online.signing[0]?.title).toBeTruthy();
    expect(page.items.find((item) => item.code === r.half.code)?.overdue).toBe(true);
  });

  it("filters by the documents' signing state", async () => {
    expect(codes(await list("signing=pending"))).toEqual([r.half.code, r.pending.code].sort());
    expect(codes(await list("signing=awaitingSchool"))).toEqual([r.online.code]);
    expect(codes(await list("signing=complete"))).toEqual([r.complete.code]);
    const bad = await call(t, { method: "GET", url: "/api/documents?signing=void", cookie });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).code).toBe("VALIDATION_ERROR");
  });
});
