import fs from "node:fs";
import path from "node:path";
import type { Role } from "@portal/shared/roles";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentFilename } from "../src/modules/enrollment/documents/documents.service.ts";
import { hoursAgo, insertDocumentRequest, insertOwnYear, insertReferencedUpload } from "./support/document-requests.ts";
import { completeFile } from "./support/enrollment.ts";
import {
  call,
  createTestApp,
  createUser,
  downloadLikeABrowser,
  loginAs,
  TEST_PASSWORD,
  type TestApp,
} from "./support/test-app.ts";
import { readZip } from "./support/zip.ts";

/**
 * GET /api/documents/export.zip: per request a folder `<code> <student>/` with its
 * PDFs and uploads, read back with yauzl; a file that cannot be read listed in README.txt; what a
 * role may not see left out; audited.
 */

let t: TestApp;
let yearId: number;
const cookies = {} as Record<"Secretaria" | "Consulta" | "Editor" | "User", string>;
/** A file filled in and sent through the real endpoints, then moved to this spec's year. */
let real: { id: number; code: string; studentName: string; uploads: number };
/** A request written to the tables whose only upload's stored file is gone. */
let broken: { id: number; code: string; uploadName: string };

async function login(role: Role): Promise<string> {
  const user = await createUser(t, { role, language: "en" });
  return loginAs(t, user.email, TEST_PASSWORD, yearId);
}

beforeAll(async () => {
  t = await createTestApp();
  yearId = await insertOwnYear(t, "doczip");
  for (const role of ["Secretaria", "Consulta", "Editor", "User"] as const) cookies[role] = await login(role);

  const familyUser = await createUser(t, { role: "User" });
  const familyCookie = await loginAs(t, familyUser.email);
  const fileId = await completeFile(t, familyCookie);
  const sent = await call(t, { method: "POST", url: `/api/enrollment/files/${fileId}/send`, cookie: familyCookie });
  if (sent.statusCode !== 200) throw new Error(`send: ${sent.body}`);
  await t.ctx.outbox.deliverDue();
  await t.ctx.db.updateTable("enrollment_files").set({ school_year_id: yearId }).where("id", "=", fileId).execute();
  await t.ctx.db.updateTable("requests").set({ school_year_id: yearId }).where("file_id", "=", fileId).execute();
  const request = await t.ctx.db
    .selectFrom("requests")
    .select(["id", "code", "student_name"])
    .where("file_id", "=", fileId)
    .executeTakeFirstOrThrow();
  const uploads = await t.ctx.db.selectFrom("uploads").select("id").where("file_id", "=", fileId).execute();
  real = { id: request.id, code: request.code, studentName: request.student_name, uploads: uploads.length };

  const inserted = await insertDocumentRequest(t, {
    yearId,
    familyId: familyUser.id,
    studentName: "Zoe Zambrano",
    sentAt: hoursAgo(1),
  });
  const upload = await insertReferencedUpload(t, {
    familyId: familyUser.id,
    fileId: inserted.fileId,
    name: "cedula.pdf",
    bytes: Buffer.from("%PDF-1.4\n%%EOF\n"),
  });
  fs.rmSync(path.join(t.ctx.config.dataDir, "files", upload.storageKey));
  broken = { id: inserted.id, code: inserted.code, uploadName: `${upload.id}-cedula.pdf` };
});
afterAll(() => t.close());

async function zip(query: string, role: keyof typeof cookies = "Secretaria") {
  const url = `/api/documents/export.zip?${query}`;
  const response = await downloadLikeABrowser(t, { method: "GET", url, cookie: cookies[role] });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers["content-type"]).toContain("application/zip");
  return readZip(response.rawPayload);
}

describe("GET /api/documents/export.zip", () => {
  it("has a folder per request with its PDFs and uploads, and a README", async () => {
    const entries = await zip("");
    const folder = `${real.code} ${real.studentName}/`;
    const own = [...entries.keys()].filter((name) => name.startsWith(folder));
    expect(own.length).toBe(2 + real.uploads);
    for (const kind of ["summary", "to-sign"] as const) {
      const pdf = entries.get(`${folder}${documentFilename(kind, "en", real.code)}`);
      expect(pdf, kind).toBeDefined();
      expect((await PDFDocument.load(pdf!)).getPageCount()).toBeGreaterThan(0);
    }
    const readme = entries.get("README.txt")!.toString("utf8");
    expect(readme).toContain("Documents of 2 requests.");
    // The broken request's upload is gone from the disk: listed, not fatal.
    expect(readme).toContain(`${broken.code} Zoe Zambrano/${broken.uploadName}`);
    expect(entries.has(`${broken.code} Zoe Zambrano/${broken.uploadName}`)).toBe(false);
  });

  it("follows the list's filters; an empty set is a ZIP with only the README", async () => {
    const entries = await zip("handIn=complete");
    expect([...entries.keys()]).toEqual(["README.txt"]);
    expect(entries.get("README.txt")!.toString("utf8")).toContain("Documents of 0 requests.");
    const one = await zip(`q=${encodeURIComponent("Zoe")}`);
    expect([...one.keys()].every((name) => name === "README.txt" || name.startsWith(`${broken.code} `))).toBe(true);
  });

  it("leaves the registration summary (medical record) out for the Editor", async () => {
    const entries = await zip("", "Editor");
    const own = [...entries.keys()].filter((name) => name.startsWith(`${real.code} `));
    const medicalUploads = await t.ctx.db
      .selectFrom("enrollment_steps")
      .select("data")
      .where("step", "=", "medicalRecord")
      .where(
        "file_id",
        "=",
        (await t.ctx.db.selectFrom("requests").select("file_id").where("id", "=", real.id).executeTakeFirstOrThrow())
          .file_id,
      )
      .execute();
    const medicalCount = (medicalUploads[0]?.data.match(/FileId":\d+/g) ?? []).length;
    expect(own.length).toBe(1 + real.uploads - medicalCount);
    expect(entries.has(`${real.code} ${real.studentName}/${documentFilename("to-sign", "en", real.code)}`)).toBe(true);
    expect([...entries.keys()].some((name) => name.endsWith(documentFilename("summary", "en", real.code)))).toBe(false);
  });

  it("is audited with the filters and how many requests", async () => {
    await zip("level=CM1&handIn=missing", "Consulta");
    const row = await t.ctx.db
      .selectFrom("audit_events")
      .select("details")
      .where("event", "=", "documents.exported")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.details ?? "{}")).toMatchObject({
      schoolYearId: yearId,
      filters: { level: "CM1", handIn: "missing" },
    });
  });

  it("lists a request whose steps cannot be read in the README instead of failing the whole ZIP", async () => {
    const fileId = (
      await t.ctx.db.selectFrom("requests").select("file_id").where("id", "=", broken.id).executeTakeFirstOrThrow()
    ).file_id;
    const steps = await t.ctx.db
      .selectFrom("enrollment_steps")
      .select(["step", "data"])
      .where("file_id", "=", fileId)
      .execute();
    // Damaged as enrollment-documents.spec damages a medical record: the steps the ZIP parses.
    await t.ctx.db
      .updateTable("enrollment_steps")
      .set({ data: "{not json" })
      .where("file_id", "=", fileId)
      .where("step", "<>", "exitAuthorization")
      .execute();
    try {
      const entries = await zip("");
      const readme = entries.get("README.txt")!.toString("utf8");
      expect(readme).toContain(`${broken.code} Zoe Zambrano/Documents uploaded by the family`);
      expect(readme).toContain(`${broken.code} Zoe Zambrano/Documents to sign (PDF)`);
      // The other request is whole.
      expect(entries.has(`${real.code} ${real.studentName}/${documentFilename("to-sign", "en", real.code)}`)).toBe(
        true,
      );
    } finally {
      for (const step of steps)
        await t.ctx.db
          .updateTable("enrollment_steps")
          .set({ data: step.data })
          .where("file_id", "=", fileId)
          .where("step", "=", step.step)
          .execute();
    }
  });

  it("refuses families and bad filters", async () => {
    const family = await call(t, { method: "GET", url: "/api/documents/export.zip", cookie: cookies.User });
    expect(family.statusCode).toBe(403);
    const bad = await call(t, { method: "GET", url: "/api/documents/export.zip?page=2", cookie: cookies.Secretaria });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("page");
  });
});
