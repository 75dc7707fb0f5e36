import { createHash } from "node:crypto";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "./support/documents.ts";
import { uploadPdf } from "./support/enrollment.ts";
import { activeParts, HOSTILE_PDFS, VISIBLE_TEXT } from "./support/hostile-pdfs.ts";
import { flat, readPdfText } from "./support/pdf-text.ts";
import { call, createTestApp, errorOf, type TestApp } from "./support/test-app.ts";
import { uploadTargets } from "./support/upload-targets.ts";

// A PDF a family (or an Admin, for a template) uploads is stored without what a viewer
// would run — JavaScript, launch actions, attached files, bytes after %%EOF — and served that way.

let t: TestApp;
let family: { cookie: string };
let admin: { cookie: string };
let fileId: number;
let templateId: number;
beforeAll(async () => {
  t = await createTestApp();
  ({ family, admin, fileId, templateId } = await uploadTargets(t, "es"));
});
afterAll(() => t?.close());

describe("hostile PDFs", () => {
  for (const [what, make] of HOSTILE_PDFS) {
    it(`a family's upload with ${what} is stored and served without it`, async () => {
      const hostile = await make();
      const uploaded = await uploadPdf(t, family.cookie, fileId, hostile);
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const { id, size } = uploaded.json() as { id: number; size: number };
      const row = await t.ctx.db.selectFrom("uploads").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      const served = await call(t, { method: "GET", url: `/api/enrollment/uploads/${id}`, cookie: family.cookie });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(hostile)).toBe(false);
      expect(served.rawPayload.length).toBe(size);
      // The recorded checksum is the stored (cleaned) file's, so the backup check still holds.
      expect(createHash("sha256").update(served.rawPayload).digest("hex")).toBe(row.sha256);
      expect(await activeParts(served.rawPayload)).toEqual([]);
      expect((await PDFDocument.load(served.rawPayload)).getPageCount()).toBe(1);
      // The polyglot's page is blank; the others keep their text.
      if (!what.includes("polyglot")) expect(flat((await readPdfText(served.rawPayload)).text)).toContain(VISIBLE_TEXT);
    });

    it(`a template with ${what} is stored and served without it`, async () => {
      const response = await call(t, {
        method: "POST",
        url: `/api/settings/file-templates/${templateId}/files/es`,
        cookie: admin.cookie,
        ...multipart(await make(), "autorizacion.pdf"),
      });
      expect(response.statusCode, response.body).toBe(200);
      const served = await call(t, {
        method: "GET",
        url: `/api/file-templates/${templateId}/download?language=es`,
        cookie: family.cookie,
      });
      expect(served.statusCode, served.body).toBe(200);
      expect(await activeParts(served.rawPayload)).toEqual([]);
    });
  }

  it("an HTML page with a PDF header inside is not a PDF", async () => {
    const html = Buffer.from("<html><body>%PDF-1.4<script>alert(1)</script></body></html>");
    const response = await uploadPdf(t, family.cookie, fileId, html);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: "UPLOAD_NOT_PDF", message: "El archivo debe ser un PDF válido" });
  });
});
