import { randomUUID } from "node:crypto";
import { translate } from "@portal/i18n/translate";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordConsents } from "../src/modules/enrollment/consents.repository.ts";
import { jpegPhoto } from "./support/enrollment.ts";
import { insertPhotoRequest, insertUpload } from "./support/photo-zip.ts";
import { call, createTestApp, downloadLikeABrowser, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";
import { readZip } from "./support/zip.ts";

/**
 * Withdrawing a consent (docs/rules/data-protection.md "Withdrawing a consent"): a family
 * withdraws a child's image or data-use consent, only for its own children; the staff see it on
 * the request; the photo ZIP and the documents ZIP leave the child's photo out. Over a school
 * year of this spec's own.
 */

let t: TestApp;
let yearId: number;
type Signed = Awaited<ReturnType<typeof signedInAs>>;
let family: Signed;
let other: Signed;
let secretaria: Signed;
let editor: Signed;
const child: Record<
  "mateo" | "lucia" | "stranger",
  { studentId: number; fileId: number; requestId: number; code: string }
> = {} as never;

const PHOTO_YES = {
  authorizeUse: true,
  authorizePublication: true,
  authorizeCommunication: false,
  authorizeConservation: true,
};
const TERMS_YES = { termsOfUse: true, dataUseAgreement: true, servicesContract: true };

/** The wizard's own record of a step's consents, as saving the step writes them. */
const answer = (userId: number, fileId: number, step: "terms" | "studentPhoto", data: Record<string, unknown>) =>
  recordConsents(t.ctx.db, { userId, fileId, ip: "10.0.0.1", step, data });

async function childOf(familyId: number, names: string) {
  const photo = await jpegPhoto({ width: 500, height: 500 });
  const request = await insertPhotoRequest(t, {
    schoolYearId: yearId,
    familyId,
    level: "CM2",
    student: { firstName: "Andrade", names },
    steps: async (fileId) => ({
      studentPhoto: { photoFileId: (await insertUpload(t, familyId, fileId, photo)).id, ...PHOTO_YES },
      terms: TERMS_YES,
    }),
  });
  const row = await t.ctx.db
    .selectFrom("requests")
    .innerJoin("enrollment_files", "enrollment_files.id", "requests.file_id")
    .select(["enrollment_files.id as fileId", "enrollment_files.student_id as studentId"])
    .where("requests.id", "=", request.id)
    .executeTakeFirstOrThrow();
  await answer(familyId, row.fileId, "studentPhoto", PHOTO_YES);
  await answer(familyId, row.fileId, "terms", TERMS_YES);
  return { ...row, requestId: request.id, code: request.code };
}

beforeAll(async () => {
  t = await createTestApp();
  yearId = 5_000_000 + Math.floor(Math.random() * 1_000_000);
  await t.ctx.db
    .insertInto("school_years")
    .values({
      id: yearId,
      label: `cw-${randomUUID().slice(0, 8)}`,
      starts_on: "2026-09-01",
      ends_on: "2027-07-15",
      is_current: 0,
      enrollment_open: 0,
    })
    .execute();
  family = await signedInAs(t, "User", { language: "en" });
  other = await signedInAs(t, "User");
  secretaria = await signedInAs(t, "Secretaria");
  editor = await signedInAs(t, "Editor");
  child.mateo = await childOf(family.id, "Mateo");
  child.lucia = await childOf(family.id, "Lucía");
  child.stranger = await childOf(other.id, "Otro");
});
afterAll(() => t.close());

const get = (url: string, cookie: string) => call(t, { method: "GET", url, cookie });
const withdraw = (who: Signed, studentId: number, body: unknown) =>
  call(t, {
    method: "POST",
    url: `/api/account/students/${studentId}/consent-withdrawals`,
    cookie: who.cookie,
    payload: body as Record<string, unknown>,
  });
const zipOf = async (url: string) => {
  const response = await downloadLikeABrowser(t, { method: "GET", url, cookie: secretaria.cookie });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return readZip(response.rawPayload);
};
const photoZip = () => zipOf(`/api/reports/photos?photos=students&schoolYearId=${yearId}`);
const names = (entries: Map<string, Buffer>) => [...entries.keys()];

describe("a family's consents", () => {
  it("lists its own children only, each consent given with its version", async () => {
    const response = await get("/api/account/consents", family.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const children = response.json().children as { studentId: number; image: { state: string; version: string } }[];
    expect(children.map((c) => c.studentId).sort()).toEqual([child.mateo.studentId, child.lucia.studentId].sort());
    expect(children[0]).toMatchObject({ image: { state: "given", version: "2025-09" }, dataUse: { state: "given" } });
  });

  it("refuses another family's child (403), an unknown child (404) and the staff (403)", async () => {
    const stranger = await withdraw(family, child.stranger.studentId, { consent: "image" });
    expect(stranger.statusCode).toBe(403);
    expect(errorOf(stranger).code).toBe("NOT_YOUR_STUDENT");
    const unknown = await withdraw(family, 2_147_483_000, { consent: "image" });
    expect(unknown.statusCode).toBe(404);
    expect((await withdraw(secretaria, child.mateo.studentId, { consent: "image" })).statusCode).toBe(403);
    expect((await get(`/api/account/consents`, secretaria.cookie)).statusCode).toBe(403);
    // Nothing was recorded for the other family's child.
    const rows = await t.ctx.db
      .selectFrom("consents")
      .select("id")
      .where("file_id", "=", child.stranger.fileId)
      .where("withdrawn", "=", 1)
      .execute();
    expect(rows).toEqual([]);
  });

  it("answers bad input with a 400 in the family's language", async () => {
    for (const body of [{ consent: "everything" }, {}, { consent: "image", extra: 1 }, { consent: 3 }]) {
      const response = await withdraw(family, child.mateo.studentId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response)).toMatchObject({
        code: "VALIDATION_ERROR",
        message: translate("en", "errors:VALIDATION_ERROR"),
      });
    }
    const wrong = await withdraw(family, child.mateo.studentId, { consent: "everything" });
    expect(errorOf(wrong).fields?.consent).toBe(translate("en", "validation:choice"));
    const badId = await call(t, {
      method: "POST",
      url: "/api/account/students/abc/consent-withdrawals",
      cookie: family.cookie,
      payload: { consent: "image" },
    });
    expect(badId.statusCode).toBe(400);
  });
});

describe("withdrawing the image consent", () => {
  it("records who, when and the version withdrawn, audited, and refuses a second withdrawal", async () => {
    const before = await photoZip();
    expect(names(before).some((name) => name.includes("Mateo"))).toBe(true);

    const response = await withdraw(family, child.mateo.studentId, { consent: "image" });
    expect(response.statusCode, response.body).toBe(200);
    const mateo = response.json().children.find((c: { studentId: number }) => c.studentId === child.mateo.studentId);
    expect(mateo).toMatchObject({ image: { state: "withdrawn", version: "2025-09" }, dataUse: { state: "given" } });

    const rows = await t.ctx.db
      .selectFrom("consents")
      .selectAll()
      .where("file_id", "=", child.mateo.fileId)
      .where("withdrawn", "=", 1)
      .execute();
    // The three authorizations given (the communication one was refused: nothing to withdraw).
    expect(rows.map((row) => row.subject).sort()).toEqual(["photo.conservation", "photo.publication", "photo.use"]);
    expect(rows.every((row) => row.user_id === family.id && row.text_version === "2025-09" && row.accepted === 0)).toBe(
      true,
    );
    const audit = await t.ctx.db
      .selectFrom("audit_events")
      .selectAll()
      .where("event", "=", "consent.withdrawn")
      .where("actor_user_id", "=", family.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.details ?? "{}")).toMatchObject({
      studentId: child.mateo.studentId,
      consent: "image",
      fileIds: [child.mateo.fileId],
      versions: ["2025-09"],
    });

    const again = await withdraw(family, child.mateo.studentId, { consent: "image" });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(translate("en", "errors:CONSENT_NOT_GIVEN"));
  });

  it("shows the staff the withdrawal and its history; the Editor and unknown requests are refused", async () => {
    const response = await get(`/api/requests/${child.mateo.requestId}/consents`, secretaria.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.image).toMatchObject({ state: "withdrawn", version: "2025-09" });
    expect(body.dataUse.state).toBe("given");
    expect(
      body.history.filter((e: { consent: string }) => e.consent === "image").map((e: { action: string }) => e.action),
    ).toEqual(["given", "withdrawn"]);
    expect(body.history.at(-1)).toMatchObject({ byAccountId: family.id });
    expect((await get(`/api/requests/${child.lucia.requestId}/consents`, secretaria.cookie)).json().image.state).toBe(
      "given",
    );
    expect((await get(`/api/requests/${child.mateo.requestId}/consents`, editor.cookie)).statusCode).toBe(403);
    expect((await get(`/api/requests/${child.mateo.requestId}/consents`, family.cookie)).statusCode).toBe(403);
    expect((await get("/api/requests/2147483000/consents", secretaria.cookie)).statusCode).toBe(404);
  });

  it("leaves the child's photo out of the photo ZIP, saying why, and counts it in the summary", async () => {
    const entries = await photoZip();
    expect(names(entries).some((name) => name.includes("Mateo"))).toBe(false);
    expect(names(entries).some((name) => name.includes("Lucía"))).toBe(true);
    const leftOut = (entries.get("leftout.csv") ?? Buffer.alloc(0)).toString("utf8");
    expect(leftOut).toContain(child.mateo.code);
    expect(leftOut).toContain(translate("es", "photoExport:reasons.consentWithdrawn"));
    const summary = await get(`/api/reports/photos/summary?photos=students&schoolYearId=${yearId}`, secretaria.cookie);
    expect(summary.json()).toMatchObject({ included: 2, leftOut: { consentWithdrawn: 1, noAuthorization: 0 } });
  });

  it("leaves the student photo out of the documents ZIP, and keeps the other family's", async () => {
    const query = (code: string) => `/api/documents/export.zip?schoolYearId=${yearId}&q=${encodeURIComponent(code)}`;
    const mateo = names(await zipOf(query(child.mateo.code)));
    expect(mateo.some((name) => name.endsWith("photo.jpg"))).toBe(false);
    const lucia = names(await zipOf(query(child.lucia.code)));
    expect(lucia.some((name) => name.endsWith("photo.jpg"))).toBe(true);
  });

  it("marks the withdrawal in the students report's XLSX", async () => {
    const url = `/api/reports/students/export?format=xlsx&schoolYearId=${yearId}&columns=code,imageConsent`;
    const response = await downloadLikeABrowser(t, { method: "GET", url, cookie: secretaria.cookie });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    expect(rows[0]).toEqual(["Código", translate("es", "reports:column.imageConsent")]);
    expect(rows).toContainEqual([child.mateo.code, "Retirado por la familia"]);
    expect(rows).toContainEqual([child.lucia.code, "Dado"]);
  });

  it("counts as given again once the family answers the photo step again with a yes", async () => {
    await answer(family.id, child.mateo.fileId, "studentPhoto", PHOTO_YES);
    const state = await get(`/api/requests/${child.mateo.requestId}/consents`, secretaria.cookie);
    expect(state.json().image.state).toBe("given");
    expect(names(await photoZip()).some((name) => name.includes("Mateo"))).toBe(true);
  });
});

describe("two withdrawals at once", () => {
  it("record one: the other finds nothing given (409), one audit row", async () => {
    const twin = await childOf(family.id, "Gemelo");
    const answers = await Promise.all([
      withdraw(family, twin.studentId, { consent: "image" }),
      withdraw(family, twin.studentId, { consent: "image" }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.ctx.db
      .selectFrom("consents")
      .select("subject")
      .where("file_id", "=", twin.fileId)
      .where("withdrawn", "=", 1)
      .execute();
    expect(rows).toHaveLength(3);
    const audit = await t.ctx.db
      .selectFrom("audit_events")
      .select("details")
      .where("event", "=", "consent.withdrawn")
      .where("actor_user_id", "=", family.id)
      .execute();
    expect(audit.filter((row) => JSON.parse(row.details ?? "{}").studentId === twin.studentId)).toHaveLength(1);
  });
});

describe("withdrawing the data-use consent", () => {
  it("records it apart from the image consent, which stays given", async () => {
    const response = await withdraw(family, child.lucia.studentId, { consent: "dataUse" });
    expect(response.statusCode, response.body).toBe(200);
    const staff = (await get(`/api/requests/${child.lucia.requestId}/consents`, secretaria.cookie)).json();
    expect(staff.dataUse).toMatchObject({ state: "withdrawn", version: "2025-09" });
    expect(staff.image.state).toBe("given");
    expect(names(await photoZip()).some((name) => name.includes("Lucía"))).toBe(true);
  });
});
