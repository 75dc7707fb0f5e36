import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jpegPhoto } from "./support/enrollment.ts";
import { insertPhotoRequest, insertUpload } from "./support/photo-zip.ts";
import { call, createTestApp, createUser, downloadLikeABrowser, signedInAs, type TestApp } from "./support/test-app.ts";
import { readZip } from "./support/zip.ts";

/**
 * Photo exports: GET /api/reports/photos (a ZIP read back with yauzl) and its summary,
 * over a school year of this spec's own holding six requests built for each rule.
 */

let t: TestApp;
let yearId: number;
let secretaria: { id: number; cookie: string };
let photo: Buffer;
let png: Buffer;
const codes: Record<string, string> = {};

const MATEO = { firstName: "Andrade", secondName: "Vela", names: "Mateo" };
const studentPhoto = (photoFileId: number | undefined, authorizeUse: boolean) => ({
  ...(photoFileId ? { photoFileId } : {}),
  authorizeUse,
  authorizePublication: false,
  authorizeCommunication: false,
  authorizeConservation: false,
});

beforeAll(async () => {
  t = await createTestApp();
  yearId = 4_000_000 + Math.floor(Math.random() * 1_000_000);
  await t.ctx.db
    .insertInto("school_years")
    .values({
      id: yearId,
      label: `px-${randomUUID().slice(0, 8)}`,
      starts_on: "2026-09-01",
      ends_on: "2027-07-15",
      is_current: 0,
      enrollment_open: 0,
    })
    .execute();
  secretaria = await signedInAs(t, "Secretaria");
  photo = await jpegPhoto({ width: 500, height: 500 });
  png = await (await import("sharp"))
    .default({
      create: { width: 40, height: 40, channels: 3, background: { r: 1, g: 2, b: 3 } },
    })
    .png()
    .toBuffer();
  const family = await createUser(t);
  const base = { schoolYearId: yearId, familyId: family.id };
  const upload = (fileId: number, bytes = photo, kind = "studentPhoto", type = "image/jpeg") =>
    insertUpload(t, family.id, fileId, bytes, kind, type).then((u) => u.id);

  // Authorized, approved, with representative 1 (2 declined) and one authorized person.
  codes.mateo = (
    await insertPhotoRequest(t, {
      ...base,
      level: "CM2",
      student: MATEO,
      steps: async (fileId) => ({
        studentPhoto: studentPhoto(await upload(fileId), true),
        firstRepresentative: {
          firstName: "Vela",
          secondName: "Mora",
          names: "Carmen",
          photoFileId: await upload(fileId, photo, "representativePhoto"),
        },
        secondRepresentative: { declined: true },
        authorizedPersons: {
          persons: [
            { firstName: "Ruiz", names: "Luis", photoFileId: await upload(fileId, photo, "authorizedPersonPhoto") },
          ],
        },
      }),
    })
  ).code;
  // No internal-use authorization; two representatives, the second's photo a PNG.
  codes.lucia = (
    await insertPhotoRequest(t, {
      ...base,
      level: "CM2",
      student: { firstName: "Zambrano", names: "Lucía" },
      steps: async (fileId) => ({
        studentPhoto: studentPhoto(await upload(fileId), false),
        firstRepresentative: {
          firstName: "Zambrano",
          names: "Jorge",
          photoFileId: await upload(fileId, photo, "representativePhoto"),
        },
        secondRepresentative: {
          firstName: "Ortiz",
          names: "Ana",
          photoFileId: await upload(fileId, png, "representativePhoto", "image/png"),
        },
      }),
    })
  ).code;
  // Authorized, but the stored file is gone.
  codes.gone = (
    await insertPhotoRequest(t, {
      ...base,
      level: "CM1",
      student: { firstName: "Borja", names: "Pablo" },
      steps: async (fileId) => {
        const stored = await insertUpload(t, family.id, fileId, photo);
        fs.rmSync(path.join(t.ctx.config.dataDir, "files", stored.storageKey));
        return { studentPhoto: studentPhoto(stored.id, true) };
      },
    })
  ).code;
  // Authorized, but the school office rejected the photo.
  codes.rejected = (
    await insertPhotoRequest(t, {
      ...base,
      level: "CM2",
      photoStatus: "rejected",
      student: { firstName: "Castro", names: "Inés" },
      steps: async (fileId) => ({ studentPhoto: studentPhoto(await upload(fileId), true) }),
    })
  ).code;
  // No photo step at all.
  codes.none = (
    await insertPhotoRequest(t, {
      ...base,
      level: "CM2",
      student: { firstName: "Díaz", names: "Eva" },
      steps: async () => ({}),
    })
  ).code;
  // Test data: hidden by default.
  codes.test = (
    await insertPhotoRequest(t, {
      ...base,
      level: "CM2",
      isTestData: true,
      student: { firstName: "Prueba", names: "Test" },
      steps: async (fileId) => ({ studentPhoto: studentPhoto(await upload(fileId), true) }),
    })
  ).code;
});
afterAll(() => t.close());

const get = (url: string, cookie = secretaria.cookie) => call(t, { method: "GET", url, cookie });
const zipOf = async (query: string, cookie?: string) => {
  const url = `/api/reports/photos?schoolYearId=${yearId}&${query}`;
  const response = await downloadLikeABrowser(t, { method: "GET", url, cookie: cookie ?? secretaria.cookie });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return { response, entries: await readZip(response.rawPayload) };
};
const text = (bytes: Buffer | undefined) => (bytes ?? Buffer.alloc(0)).toString("utf8").replace(/^\uFEFF/, "");
const csvRows = (bytes: Buffer | undefined) =>
  text(bytes)
    .trim()
    .split("\r\n")
    .map((line) => line.split(";").map((cell) => cell.replace(/^"|"$/g, "")));

describe("GET /api/reports/photos/summary", () => {
  it("counts the photos the ZIP will hold and those left out, by reason", async () => {
    const response = await get(`/api/reports/photos/summary?photos=students&schoolYearId=${yearId}`);
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.json();
    expect(summary).toMatchObject({
      photos: "students",
      schoolYearId: yearId,
      requests: 5,
      included: 1,
      leftOut: { noAuthorization: 1, noPhoto: 1, photoRejected: 1, fileMissing: 1 },
    });
    expect(summary.estimatedBytes).toBeGreaterThan(photo.length);
    const tests = await get(`/api/reports/photos/summary?photos=students&schoolYearId=${yearId}&testData=only`);
    expect(tests.json()).toMatchObject({ requests: 1, included: 1 });
  });
});

describe("GET /api/reports/photos", () => {
  it("streams the authorized student photos named <level>/<surnames> <names> - <code>.jpg, with a README and leftout.csv", async () => {
    const { response, entries } = await zipOf("photos=students");
    expect(response.headers["content-type"]).toBe("application/zip");
    expect(String(response.headers["content-disposition"])).toMatch(
      /^attachment; filename="fotos-alumnos-\d{4}-\d\d-\d\d\.zip"/,
    );
    expect([...entries.keys()].sort()).toEqual([
      `CM2/Andrade Vela Mateo - ${codes.mateo}.jpg`,
      "README.txt",
      "leftout.csv",
    ]);
    // The stored JPEG, byte for byte.
    expect(entries.get(`CM2/Andrade Vela Mateo - ${codes.mateo}.jpg`)!.equals(photo)).toBe(true);
    const readme = text(entries.get("README.txt"));
    expect(readme).toContain("Fotos incluidas: 1");
    expect(readme).toContain("Fotos no incluidas: 4");
    expect(readme).toContain("Sin autorización de uso interno de la familia: 1");
    expect(readme).toContain("Archivo no encontrado en el servidor: 1");
    const rows = csvRows(entries.get("leftout.csv"));
    expect(rows[0]).toEqual(["Nivel", "Código de la solicitud", "Persona", "Motivo"]);
    expect(
      rows
        .slice(1)
        .map(([, code, , reason]) => `${code} ${reason}`)
        .sort(),
    ).toEqual(
      [
        `${codes.gone} Archivo no encontrado en el servidor`,
        `${codes.lucia} Sin autorización de uso interno de la familia`,
        `${codes.none} Sin foto registrada`,
        `${codes.rejected} Foto rechazada por la secretaría (se pidió una nueva)`,
      ].sort(),
    );
  });

  it("applies the level filter", async () => {
    const { entries } = await zipOf("photos=students&level=CM1&status=Accepted,Finished");
    expect([...entries.keys()].sort()).toEqual(["README.txt", "leftout.csv"]);
    // The README names the filters as the screens do: the level's and the statuses' names.
    expect(text(entries.get("README.txt"))).toContain("nivel CM1 (5.º EGB); estados Aceptada, Finalizada;");
    expect(csvRows(entries.get("leftout.csv")).slice(1)).toEqual([
      ["CM1", codes.gone!, "Borja Pablo", "Archivo no encontrado en el servidor"],
    ]);
  });

  it("exports both representatives (naming which one and the student) and the authorized persons", async () => {
    const reps = await zipOf("photos=representatives&level=CM2");
    expect([...reps.entries.keys()].filter((name) => name.startsWith("CM2/")).sort()).toEqual([
      `CM2/Ortiz Ana - representante 2 de Zambrano Lucía - ${codes.lucia}.png`,
      `CM2/Vela Mora Carmen - representante 1 de Andrade Vela Mateo - ${codes.mateo}.jpg`,
      `CM2/Zambrano Jorge - representante 1 de Zambrano Lucía - ${codes.lucia}.jpg`,
    ]);
    expect(
      reps.entries.get(`CM2/Ortiz Ana - representante 2 de Zambrano Lucía - ${codes.lucia}.png`)!.equals(png),
    ).toBe(true);
    // The rejected and no-photo requests have no representative step here: no photo.
    expect(text(reps.entries.get("README.txt"))).toContain("Sin foto registrada: 2");
    const people = await zipOf("photos=authorizedPersons");
    expect([...people.entries.keys()].sort()).toEqual([
      `CM2/Ruiz Luis - persona autorizada 1 de Andrade Vela Mateo - ${codes.mateo}.jpg`,
      "README.txt",
    ]);
  });

  it("answers an empty set with a ZIP holding only the README, in the user's language", async () => {
    const english = await signedInAs(t, "Consulta", { language: "en" });
    const { response, entries } = await zipOf("photos=students&level=TLE", english.cookie);
    expect([...entries.keys()]).toEqual(["README.txt"]);
    expect(String(response.headers["content-disposition"])).toContain('filename="student-photos-TLE-');
    const readme = text(entries.get("README.txt"));
    expect(readme).toContain("Photos included: 0");
    expect(readme).toContain("No photo matches the filters.");
  });

  it("writes photos.exported to the audit log: who, which photos, filters, counts", async () => {
    const admin = await signedInAs(t, "Admin");
    await zipOf("photos=students&level=CM2", admin.cookie);
    const rows = await t.ctx.db
      .selectFrom("audit_events")
      .selectAll()
      .where("actor_user_id", "=", admin.id)
      .where("event", "=", "photos.exported")
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.details!)).toEqual({
      kind: "students",
      filters: { photos: "students", level: "CM2", schoolYearId: yearId, testData: "exclude" },
      included: 1,
      leftOut: { noAuthorization: 1, consentWithdrawn: 0, noPhoto: 1, photoRejected: 1, fileMissing: 0 },
      completed: true,
    });
    const log = await get(
      `/api/audit-events?event=photos.exported&actor=${encodeURIComponent(admin.email)}`,
      admin.cookie,
    );
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().items[0].info).toMatchObject({ kind: "students", included: "1", completed: "true" });
  });
});
