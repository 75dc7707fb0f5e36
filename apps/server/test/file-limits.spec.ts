import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { minimalPdf } from "./support/documents.ts";
import { jpegPhoto, startFile, uploadAs, uploadPdf } from "./support/enrollment.ts";
import { fileSettingsApi, type Kind, pdfOfSize } from "./support/file-settings.ts";
import { type Admin, closeOwnAdminApp, openOwnAdminApp } from "./support/own-admin-app.ts";
import type { OwnDatabase } from "./support/own-database.ts";
import { call, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

/*
 * Settings › Files: the upload limit and accepted types of each document kind. They are
 * school-wide, so this spec runs on a database of its own: turning a type off here must not break
 * another spec's uploads.
 */

let own: OwnDatabase;
let t: TestApp;
let admin: Admin;
beforeAll(async () => {
  ({ own, t, admin } = await openOwnAdminApp("file_limits"));
});
afterAll(() => closeOwnAdminApp({ own, t }));

const { readSettings, kindNow, saveKinds, auditEvents } = fileSettingsApi(() => ({ t, cookie: admin.cookie }));

async function pngPhoto(): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  return sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 10, g: 200, b: 90 } } })
    .png()
    .toBuffer();
}

describe("document limits", () => {
  it("starts from the spec's limits: PDFs up to 5 MB, representative photos JPG or PNG up to 1 MB", async () => {
    const settings = await readSettings();
    expect(settings.ceilingBytes).toBe(10 * 1024 * 1024);
    const identity = settings.kinds.find((k) => k.kind === "identityDocument")!;
    expect(identity).toMatchObject({ maxBytes: 5 * 1024 * 1024, types: ["pdf"], allowedTypes: ["pdf"], version: 1 });
    const photo = settings.kinds.find((k) => k.kind === "representativePhoto")!;
    expect(photo).toMatchObject({
      maxBytes: 1024 * 1024,
      types: ["jpeg", "png"],
      allowedTypes: ["jpeg", "png"],
      typesEditable: true,
    });
    expect(settings.kinds.find((k) => k.kind === "studentPhoto")).toMatchObject({ typesEditable: false });
    expect(settings.kinds.map((k) => k.kind)).toContain("vaccinationBooklet");
  });

  it("a lower limit is enforced on the wizard's upload endpoint, naming the limit in the family's language", async () => {
    const family = await signedInAs(t, "User", { language: "fr" });
    const fileId = (await startFile(t, family.cookie)).json().id as number;
    const before = await kindNow("vaccinationBooklet");
    const saved = await saveKinds([{ kind: "vaccinationBooklet", maxBytes: 200 * 1024, types: ["pdf"], version: 1 }]);
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (saved.json() as { kinds: Kind[] }).kinds.find((k) => k.kind === "vaccinationBooklet")!;
    expect(after).toMatchObject({ maxBytes: 200 * 1024, version: before.version + 1 });

    const big = await uploadPdf(t, family.cookie, fileId, pdfOfSize(300 * 1024), "vaccinationBooklet");
    expect(big.statusCode).toBe(413);
    expect(errorOf(big)).toMatchObject({ code: "UPLOAD_TOO_LARGE" });
    expect(errorOf(big).message).toContain("0.2");
    // Another kind keeps its own limit; a small booklet still goes through.
    expect((await uploadPdf(t, family.cookie, fileId, pdfOfSize(300 * 1024), "identityDocument")).statusCode).toBe(201);
    expect((await uploadPdf(t, family.cookie, fileId, minimalPdf(), "vaccinationBooklet")).statusCode).toBe(201);

    // Raised above the spec's 5 MB (the ceiling is 10 MB): a 6 MB document is accepted.
    const raised = await saveKinds([
      { kind: "vaccinationBooklet", maxBytes: 8 * 1024 * 1024, types: ["pdf"], version: after.version },
    ]);
    expect(raised.statusCode, raised.body).toBe(200);
    const six = await uploadPdf(t, family.cookie, fileId, pdfOfSize(6 * 1024 * 1024), "vaccinationBooklet");
    expect(six.statusCode, six.body.slice(0, 200)).toBe(201);
    // Above the ceiling the multipart limit stops reading and the kind's limit is named.
    const huge = await uploadPdf(t, family.cookie, fileId, pdfOfSize(11 * 1024 * 1024), "vaccinationBooklet");
    expect(huge.statusCode).toBe(413);
    expect(errorOf(huge).message).toContain("8");

    const audit = await auditEvents("fileSettings.updated");
    expect(audit.at(-1)?.actor_user_id).toBe(admin.id);
    expect(JSON.parse(audit.at(-1)!.details!)).toEqual({
      limits: {
        vaccinationBooklet: {
          before: { maxBytes: 200 * 1024, types: ["pdf"] },
          after: { maxBytes: 8 * 1024 * 1024, types: ["pdf"] },
        },
      },
    });
  });

  it("a photo type turned off is refused by content, naming the accepted ones; the others are still re-encoded", async () => {
    const family = await signedInAs(t, "User", { language: "en" });
    const fileId = (await startFile(t, family.cookie)).json().id as number;
    const current = await kindNow("representativePhoto");
    const saved = await saveKinds([
      { kind: "representativePhoto", maxBytes: current.maxBytes, types: ["jpeg"], version: current.version },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);

    // A PNG sent under a .jpg name and type: the content decides.
    const png = await uploadAs(
      t,
      family.cookie,
      fileId,
      "representativePhoto",
      await pngPhoto(),
      "me.jpg",
      "image/jpeg",
    );
    expect(png.statusCode).toBe(415);
    expect(errorOf(png)).toMatchObject({
      code: "UPLOAD_TYPE_NOT_ACCEPTED",
      message: "This document accepts only: JPG",
    });

    // Something that is no image at all is still "not an image", not a type turned off.
    const pdf = await uploadAs(t, family.cookie, fileId, "representativePhoto", minimalPdf(), "me.jpg", "image/jpeg");
    expect(errorOf(pdf).code).toBe("UPLOAD_NOT_IMAGE");

    const jpeg = await jpegPhoto({ gps: true });
    const ok = await uploadAs(t, family.cookie, fileId, "representativePhoto", jpeg, "me.jpg", "image/jpeg");
    expect(ok.statusCode, ok.body).toBe(201);
    const row = await t.ctx.db
      .selectFrom("uploads")
      .selectAll()
      .where("id", "=", ok.json().id)
      .executeTakeFirstOrThrow();
    expect(row.sha256).not.toBe((await import("node:crypto")).createHash("sha256").update(jpeg).digest("hex"));

    const back = await kindNow("representativePhoto");
    expect(
      (
        await saveKinds([
          { kind: "representativePhoto", maxBytes: back.maxBytes, types: ["jpeg", "png"], version: back.version },
        ])
      ).statusCode,
    ).toBe(200);
    const again = await uploadAs(
      t,
      family.cookie,
      fileId,
      "representativePhoto",
      await pngPhoto(),
      "me.png",
      "image/png",
    );
    expect(again.statusCode, again.body).toBe(201);
  });

  it("a stale version answers 409 and saves nothing, not even the kinds that were fresh", async () => {
    const identity = await kindNow("identityDocument");
    const legal = await kindNow("legalBacking");
    const first = await saveKinds([
      { kind: "identityDocument", maxBytes: 3 * 1024 * 1024, types: ["pdf"], version: identity.version },
    ]);
    expect(first.statusCode).toBe(200);
    const second = await saveKinds([
      { kind: "legalBacking", maxBytes: 2 * 1024 * 1024, types: ["pdf"], version: legal.version },
      { kind: "identityDocument", maxBytes: 4 * 1024 * 1024, types: ["pdf"], version: identity.version },
    ]);
    expect(second.statusCode).toBe(409);
    expect(errorOf(second).code).toBe("VERSION_CONFLICT");
    expect(await kindNow("identityDocument")).toMatchObject({ maxBytes: 3 * 1024 * 1024 });
    expect(await kindNow("legalBacking")).toMatchObject({ maxBytes: legal.maxBytes, version: legal.version });
  });

  it("refuses limits outside floor and ceiling and types the server cannot verify for the kind", async () => {
    const identity = await kindNow("identityDocument");
    const photo = await kindNow("studentPhoto");
    const bad: [unknown, string][] = [
      [
        [{ kind: "identityDocument", maxBytes: 11 * 1024 * 1024, types: ["pdf"], version: identity.version }],
        "kinds.0.maxBytes",
      ],
      [[{ kind: "identityDocument", maxBytes: 1000, types: ["pdf"], version: identity.version }], "kinds.0.maxBytes"],
      [
        [{ kind: "identityDocument", maxBytes: 1024 * 1024, types: ["jpeg"], version: identity.version }],
        "kinds.0.types",
      ],
      [[{ kind: "studentPhoto", maxBytes: 1024 * 1024, types: ["pdf"], version: photo.version }], "kinds.0.types"],
      [[{ kind: "studentPhoto", maxBytes: 1024 * 1024, types: [], version: photo.version }], "kinds.0.types"],
      // The browser crops the student photo to a JPG: its types are not the Admin's to choose.
      [[{ kind: "studentPhoto", maxBytes: 1024 * 1024, types: ["png"], version: photo.version }], "kinds.0.types"],
      [[{ kind: "studentPhoto", maxBytes: 1024 * 1024, types: ["gif"], version: photo.version }], "kinds.0.types.0"],
      [[{ kind: "executable", maxBytes: 1024 * 1024, types: ["pdf"], version: 1 }], "kinds.0.kind"],
      [[{ kind: "studentPhoto", maxBytes: 1.5, types: ["png"], version: photo.version }], "kinds.0.maxBytes"],
    ];
    for (const [kinds, field] of bad) {
      const response = await call(t, {
        method: "PUT",
        url: "/api/settings/files",
        cookie: admin.cookie,
        payload: { kinds },
      });
      expect(response.statusCode, JSON.stringify(kinds)).toBe(400);
      expect(errorOf(response).fields?.[field], `${JSON.stringify(kinds)}: ${response.body}`).toBeTruthy();
    }
    expect(await kindNow("identityDocument")).toEqual(identity);
    expect(await kindNow("studentPhoto")).toEqual(photo);
  });

  it("the wizard reads every kind's limits from GET /api/file-rules, whoever is signed in", async () => {
    const family = await signedInAs(t, "User");
    const staff = await signedInAs(t, "Consulta");
    for (const cookie of [family.cookie, staff.cookie]) {
      const response = await call(t, { method: "GET", url: "/api/file-rules", cookie });
      expect(response.statusCode).toBe(200);
      const rules = response.json() as { kinds: { kind: string; maxBytes: number; types: string[] }[] };
      expect(rules.kinds.find((k) => k.kind === "identityDocument")).toEqual({
        kind: "identityDocument",
        maxBytes: 3 * 1024 * 1024,
        types: ["pdf"],
      });
    }
    expect((await call(t, { method: "GET", url: "/api/file-rules" })).statusCode).toBe(401);
  });
});
