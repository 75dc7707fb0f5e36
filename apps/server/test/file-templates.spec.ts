import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { minimalPdf, multipart } from "./support/documents.ts";
import { fileSettingsApi, pdfOfSize, type Template } from "./support/file-settings.ts";
import { type Admin, closeOwnAdminApp, openOwnAdminApp } from "./support/own-admin-app.ts";
import type { OwnDatabase } from "./support/own-database.ts";
import { readPdfText } from "./support/pdf-text.ts";
import { call, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

/*
 * Settings › Files: the PDF templates the school offers families to download, one per
 * language. They are school-wide, so this spec runs on a database of its own.
 */

let own: OwnDatabase;
let t: TestApp;
let admin: Admin;
beforeAll(async () => {
  ({ own, t, admin } = await openOwnAdminApp("file_templates"));
});
afterAll(() => closeOwnAdminApp({ own, t }));

const { readSettings, saveKinds, auditEvents } = fileSettingsApi(() => ({ t, cookie: admin.cookie }));

describe("templates", () => {
  async function createTemplate(body: Record<string, unknown> = {}) {
    const response = await call(t, {
      method: "POST",
      url: "/api/settings/file-templates",
      cookie: admin.cookie,
      payload: {
        step: "exitAuthorization",
        titleEs: "Autorización de salida",
        titleEn: "Exit authorization",
        titleFr: "Autorisation de sortie",
        ...body,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Template;
  }

  function uploadTemplate(id: number, language: string, content: Buffer, filename = "form.pdf", cookie = admin.cookie) {
    return call(t, {
      method: "POST",
      url: `/api/settings/file-templates/${id}/files/${language}`,
      cookie,
      ...multipart(content, filename),
    });
  }

  /** A PDF that says which language it is, so a download shows which file was served. */
  const pdfIn = (language: string) => minimalPdf(`lang-${language}`);
  /** What a served PDF shows: its language label (the server stores a rebuilt copy, not the bytes sent). */
  const shownLabel = async (response: { rawPayload: Buffer }) => (await readPdfText(response.rawPayload)).text;
  const storedFiles = () => fs.readdirSync(path.join(own.dataDir, "files")).filter((name) => !name.startsWith("."));

  function download(id: number, cookie: string, language?: string) {
    return call(t, {
      method: "GET",
      url: `/api/file-templates/${id}/download${language ? `?language=${language}` : ""}`,
      cookie,
    });
  }

  it("the Admin uploads a PDF per language; the family downloads its own, else Spanish, else any", async () => {
    const template = await createTemplate();
    expect(template).toMatchObject({ step: "exitAuthorization", version: 1, files: [] });
    expect((await uploadTemplate(template.id, "fr", pdfIn("fr"), "autorisation.pdf")).statusCode).toBe(200);
    const es = await uploadTemplate(template.id, "es", pdfIn("es"), "autorización.pdf");
    expect(es.statusCode, es.body).toBe(200);
    expect((es.json() as Template).files.map((f) => f.language)).toEqual(["es", "fr"]);

    const french = await signedInAs(t, "User", { language: "fr" });
    const english = await signedInAs(t, "User", { language: "en" });
    const rules = (await call(t, { method: "GET", url: "/api/file-rules", cookie: french.cookie })).json() as {
      templates: { id: number; step: string; title: string }[];
    };
    expect(rules.templates).toContainEqual({
      id: template.id,
      step: "exitAuthorization",
      title: "Autorisation de sortie",
    });

    const fr = await download(template.id, french.cookie);
    expect(fr.statusCode).toBe(200);
    expect(fr.headers["content-type"]).toBe("application/pdf");
    expect(fr.headers["x-content-type-options"]).toBe("nosniff");
    expect(fr.headers["content-disposition"]).toMatch(/^attachment; filename="Autorisation-de-sortie\.pdf"/);
    expect(fr.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(await shownLabel(fr)).toBe("lang-fr");

    // No English file: Spanish.
    const en = await download(template.id, english.cookie);
    expect(await shownLabel(en)).toBe("lang-es");
    expect(en.headers["content-disposition"]).toContain("filename*=UTF-8''Autorizaci%C3%B3n%20de%20salida.pdf");

    // No Spanish either: whatever the school uploaded.
    const removed = await call(t, {
      method: "DELETE",
      url: `/api/settings/file-templates/${template.id}/files/es`,
      cookie: admin.cookie,
    });
    expect(removed.statusCode).toBe(200);
    expect(await shownLabel(await download(template.id, english.cookie))).toBe("lang-fr");
    // The Admin may ask for one language exactly.
    expect((await download(template.id, admin.cookie, "es")).statusCode).toBe(404);

    // The audit log page shows what was uploaded (the details are on its allow-list).
    const log = await call(t, {
      method: "GET",
      url: "/api/audit-events?event=template.uploaded",
      cookie: admin.cookie,
    });
    const items = (log.json() as { items: { info: Record<string, string> }[] }).items;
    expect(items.map((item) => item.info)).toContainEqual(
      expect.objectContaining({ templateId: String(template.id), language: "fr", fileName: "autorisation.pdf" }),
    );
    const audit = (await auditEvents("template.uploaded")).map((row) => JSON.parse(row.details!));
    expect(audit).toContainEqual(
      expect.objectContaining({ templateId: template.id, language: "fr", fileName: "autorisation.pdf" }),
    );
    expect((await auditEvents("template.deleted")).map((row) => JSON.parse(row.details!))).toContainEqual(
      expect.objectContaining({ templateId: template.id, language: "es" }),
    );
  });

  it("refuses a file that is not a PDF by its content (HTML renamed .pdf), keeping nothing", async () => {
    const template = await createTemplate({ step: "terms" });
    const before = storedFiles();
    const html = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");
    const response = await uploadTemplate(template.id, "es", html, "reglamento.pdf");
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe("UPLOAD_NOT_PDF");
    // A PDF header glued onto a script is no document either.
    const glued = await uploadTemplate(template.id, "es", Buffer.concat([Buffer.from("%PDF-1.4\n"), html]));
    expect(errorOf(glued).code).toBe("UPLOAD_NOT_PDF");
    expect(storedFiles()).toEqual(before);
    expect((await readSettings()).templates.find((x) => x.id === template.id)?.files).toEqual([]);
    // A template without a file is not offered to families.
    const family = await signedInAs(t, "User");
    const rules = (await call(t, { method: "GET", url: "/api/file-rules", cookie: family.cookie })).json() as {
      templates: { id: number }[];
    };
    expect(rules.templates.map((x) => x.id)).not.toContain(template.id);
    // Not a multipart body, no file part, an oversized PDF.
    const json = await call(t, {
      method: "POST",
      url: `/api/settings/file-templates/${template.id}/files/es`,
      cookie: admin.cookie,
      payload: { file: "x" },
    });
    expect(json.statusCode).toBe(415);
    const tooBig = await uploadTemplate(template.id, "es", pdfOfSize(10 * 1024 * 1024 + 10));
    expect(tooBig.statusCode).toBe(413);
    expect(errorOf(tooBig).message).toContain("10");
  });

  it("replacing a language's PDF removes the old file; deleting the template removes every file", async () => {
    const template = await createTemplate({ step: "medicalRecord" });
    await uploadTemplate(template.id, "es", pdfIn("es-1"));
    const afterFirst = storedFiles();
    const replaced = await uploadTemplate(template.id, "es", pdfIn("es-2"));
    expect(replaced.statusCode).toBe(200);
    expect(storedFiles().length).toBe(afterFirst.length);
    expect((await auditEvents("template.replaced")).map((row) => JSON.parse(row.details!).templateId)).toContain(
      template.id,
    );
    const family = await signedInAs(t, "User");
    expect(await shownLabel(await download(template.id, family.cookie))).toBe("lang-es-2");

    const deleted = await call(t, {
      method: "DELETE",
      url: `/api/settings/file-templates/${template.id}`,
      cookie: admin.cookie,
    });
    expect(deleted.statusCode).toBe(204);
    expect(storedFiles().length).toBe(afterFirst.length - 1);
    const gone = await download(template.id, family.cookie);
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone).code).toBe("TEMPLATE_NOT_FOUND");
    expect((await auditEvents("template.deleted")).map((row) => JSON.parse(row.details!))).toContainEqual(
      expect.objectContaining({ templateId: template.id, languages: ["es"] }),
    );
  });

  it("edits are version-guarded: a stale save gets 409; a step outside the list is refused", async () => {
    const template = await createTemplate({ step: "schoolTransport" });
    const body = { step: "financialInformation", titleEs: "Reglamento", titleEn: "Rules", titleFr: "Règlement" };
    const first = await call(t, {
      method: "PUT",
      url: `/api/settings/file-templates/${template.id}`,
      cookie: admin.cookie,
      payload: { ...body, version: template.version },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ step: "financialInformation", version: template.version + 1 });
    const stale = await call(t, {
      method: "PUT",
      url: `/api/settings/file-templates/${template.id}`,
      cookie: admin.cookie,
      payload: { ...body, titleEs: "Otro", version: template.version },
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe("VERSION_CONFLICT");
    // An upload counts as a change too: a form read before it is stale.
    await uploadTemplate(template.id, "en", pdfIn("en"));
    const afterUpload = await call(t, {
      method: "PUT",
      url: `/api/settings/file-templates/${template.id}`,
      cookie: admin.cookie,
      payload: { ...body, version: template.version + 1 },
    });
    expect(afterUpload.statusCode).toBe(409);

    for (const step of ["studentFile", "summary", "unknown"]) {
      const response = await call(t, {
        method: "POST",
        url: "/api/settings/file-templates",
        cookie: admin.cookie,
        payload: { ...body, step },
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).fields?.step).toBeTruthy();
    }
    const blank = await call(t, {
      method: "POST",
      url: "/api/settings/file-templates",
      cookie: admin.cookie,
      payload: { ...body, titleFr: "  " },
    });
    expect(errorOf(blank).fields?.titleFr).toBeTruthy();
    const unknown = await call(t, {
      method: "PUT",
      url: "/api/settings/file-templates/2147483000",
      cookie: admin.cookie,
      payload: { ...body, version: 1 },
    });
    expect(unknown.statusCode).toBe(404);
    for (const url of [
      `/api/settings/file-templates/${template.id}/files/de`,
      `/api/settings/file-templates/abc/files/es`,
      `/api/settings/file-templates/0`,
    ]) {
      const response = await call(t, { method: "DELETE", url, cookie: admin.cookie });
      expect(response.statusCode, url).toBe(400);
    }
    const badLanguage = await call(t, {
      method: "GET",
      url: `/api/file-templates/${template.id}/download?language=de`,
      cookie: admin.cookie,
    });
    expect(badLanguage.statusCode).toBe(400);
  });

  it("only the Admin changes anything: families and other staff get 403 and nothing changes", async () => {
    const template = await createTemplate({ step: "terms" });
    await uploadTemplate(template.id, "es", pdfIn("es"));
    const before = await readSettings();
    for (const role of ["User", "Secretaria", "Consulta", "Editor", "Prueba"] as const) {
      const { cookie } = await signedInAs(t, role);
      const attempts = [
        call(t, { method: "GET", url: "/api/settings/files", cookie }),
        saveKinds([{ kind: "identityDocument", maxBytes: 1024 * 1024, types: ["pdf"], version: 1 }], cookie),
        call(t, {
          method: "POST",
          url: "/api/settings/file-templates",
          cookie,
          payload: { step: "terms", titleEs: "a", titleEn: "a", titleFr: "a" },
        }),
        uploadTemplate(template.id, "es", pdfIn("intruder"), "x.pdf", cookie),
        call(t, { method: "DELETE", url: `/api/settings/file-templates/${template.id}/files/es`, cookie }),
        call(t, { method: "DELETE", url: `/api/settings/file-templates/${template.id}`, cookie }),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.statusCode, `${role}: ${response.body}`).toBe(403);
        expect(errorOf(response).code).toBe("FORBIDDEN");
      }
      // Every signed-in user may download.
      expect(await shownLabel(await download(template.id, cookie))).toBe("lang-es");
    }
    expect(await readSettings()).toEqual(before);
  });
});
