import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { minimalPdf, multipart } from "./support/documents.ts";
import type { Template } from "./support/file-settings.ts";
import { type Admin, closeOwnAdminApp, openOwnAdminApp } from "./support/own-admin-app.ts";
import type { OwnDatabase } from "./support/own-database.ts";
import { call, errorOf, type TestApp } from "./support/test-app.ts";

/*
 * Settings › Files: a template upload when the files folder is broken. This spec swaps
 * the data folder's `files` for a plain file, so it runs on a database and folder of its own.
 */

let own: OwnDatabase;
let t: TestApp;
let admin: Admin;
beforeAll(async () => {
  ({ own, t, admin } = await openOwnAdminApp("file_template_storage"));
  // The files folder appears with the first stored file; the test below needs it there to swap it out.
  fs.mkdirSync(path.join(own.dataDir, "files"), { recursive: true });
});
afterAll(() => closeOwnAdminApp({ own, t }));

describe("storage", () => {
  it("a files folder that cannot take the template answers 507 and records nothing", async () => {
    const created = await call(t, {
      method: "POST",
      url: "/api/settings/file-templates",
      cookie: admin.cookie,
      payload: { step: "terms", titleEs: "Reglamento", titleEn: "Regulations", titleFr: "Règlement" },
    });
    const id = (created.json() as Template).id;
    const dir = path.join(own.dataDir, "files");
    const aside = `${dir}-aside`;
    fs.renameSync(dir, aside);
    // A plain file where the folder should be: mkdir and write fail as on a broken disk (ENOTDIR/EEXIST).
    fs.writeFileSync(dir, "not a folder");
    try {
      const response = await call(t, {
        method: "POST",
        url: `/api/settings/file-templates/${id}/files/es`,
        cookie: admin.cookie,
        ...multipart(minimalPdf(), "reglamento.pdf"),
      });
      expect(response.statusCode).toBe(507);
      expect(errorOf(response).code).toBe("STORAGE_UNAVAILABLE");
    } finally {
      fs.rmSync(dir, { force: true });
      fs.renameSync(aside, dir);
    }
    const rows = await t.ctx.db.selectFrom("file_template_files").select("id").where("template_id", "=", id).execute();
    expect(rows).toEqual([]);
  });
});
