import { DEFAULT_RETENTION_MONTHS } from "@portal/shared/retention";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertApplicant, insertYear } from "./support/retention.ts";
import { call, createTestApp, createUser, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

/** Settings › Data retention's periods and holds, and the processing register (docs/rules/data-protection.md). */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAs>>;
let adminEn: Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAs(t, "Admin");
  adminEn = await signedInAs(t, "Admin", { language: "en" });
});
afterAll(() => t.close());

const current = async () =>
  (await call(t, { method: "GET", url: "/api/settings/retention", cookie: admin.cookie })).json() as {
    months: Record<string, number>;
    automatic: boolean;
    version: number;
  };
const body = (version: number, overrides: Record<string, unknown> = {}) => ({
  ...DEFAULT_RETENTION_MONTHS,
  automatic: true,
  version,
  ...overrides,
});

describe("retention periods", () => {
  it("answers the periods with the fixed ones beside them", async () => {
    const response = await call(t, { method: "GET", url: "/api/settings/retention", cookie: admin.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ electionRegisterDays: 10, dataExportHours: 24 });
    expect(Object.keys(response.json().months).sort()).toEqual(Object.keys(DEFAULT_RETENTION_MONTHS).sort());
  });

  it("saves at the version read, audits each change, and refuses a stale version with 409", async () => {
    const { version, months } = await current();
    const next = months.sentEmails === 18 ? 19 : 18;
    const saved = await call(t, {
      method: "PUT",
      url: "/api/settings/retention",
      cookie: admin.cookie,
      payload: body(version, { ...months, sentEmails: next }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ months: { sentEmails: next }, version: version + 1 });
    const audit = await t.ctx.db
      .selectFrom("audit_events")
      .select("details")
      .where("event", "=", "retention.settingsChanged")
      .where("actor_user_id", "=", admin.id)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details!).changes).toContainEqual({
      field: "sentEmails",
      before: months.sentEmails,
      after: next,
    });
    const stale = await call(t, {
      method: "PUT",
      url: "/api/settings/retention",
      cookie: admin.cookie,
      payload: body(version, { ...months }),
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe("SETTINGS_VERSION_CONFLICT");
  });

  it("refuses a period out of its bounds with a translated 400 naming the field", async () => {
    const { version } = await current();
    for (const [field, value] of [
      ["auditLog", 6],
      ["applicants", 61],
      ["medicalRecords", 0],
      ["sentEmails", 2.5],
    ] as const) {
      const response = await call(t, {
        method: "PUT",
        url: "/api/settings/retention",
        cookie: adminEn.cookie,
        payload: body(version, { [field]: value }),
      });
      expect(response.statusCode, `${field}=${value}`).toBe(400);
      expect(errorOf(response).fields?.[field]).toBe("Enter a whole number of months within the allowed range");
    }
  });

  it("refuses documents kept longer than their applicant", async () => {
    const { version } = await current();
    const response = await call(t, {
      method: "PUT",
      url: "/api/settings/retention",
      cookie: adminEn.cookie,
      payload: body(version, { applicants: 6, applicantDocuments: 9 }),
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields?.applicantDocuments).toBe("Documents cannot be kept longer than the applicant");
  });

  it("is the Admin's alone: 401 without a session, 403 for every other role", async () => {
    const anonymous = await call(t, { method: "GET", url: "/api/settings/retention" });
    expect(anonymous.statusCode).toBe(401);
    for (const role of ["Secretaria", "Consulta", "Editor", "User"] as const) {
      const other = await signedInAs(t, role);
      for (const [method, url] of [
        ["GET", "/api/settings/retention"],
        ["GET", "/api/settings/retention/preview"],
        ["GET", "/api/settings/processing-register/file"],
        ["POST", "/api/settings/retention/runs"],
      ] as const) {
        const response = await call(t, {
          method,
          url,
          cookie: other.cookie,
          payload: method === "POST" ? { confirm: true } : undefined,
        });
        expect(response.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
  });
});

describe("legal holds", () => {
  it("places a hold on a family by its e-mail and on a request by its code, lists and releases them, audited", async () => {
    const family = await createUser(t);
    const year = await insertYear(t, "2020-07-01");
    const applicant = await insertApplicant(t, { familyId: family.id, yearId: year, name: "Hold", status: "Refused" });
    const onFamily = await call(t, {
      method: "POST",
      url: "/api/settings/retention/holds",
      cookie: admin.cookie,
      payload: { target: "family", reference: family.email.toUpperCase(), reason: "Reclamo judicial 12-2026" },
    });
    expect(onFamily.statusCode, onFamily.body).toBe(201);
    expect(onFamily.json()).toMatchObject({
      target: "family",
      label: family.email,
      reason: "Reclamo judicial 12-2026",
    });
    const onRequest = await call(t, {
      method: "POST",
      url: "/api/settings/retention/holds",
      cookie: admin.cookie,
      payload: { target: "request", reference: applicant.code, reason: "Inspección" },
    });
    expect(onRequest.statusCode, onRequest.body).toBe(201);
    const list = await call(t, { method: "GET", url: "/api/settings/retention/holds", cookie: admin.cookie });
    const ids = (list.json().items as { id: number }[]).map((item) => item.id);
    expect(ids).toEqual(expect.arrayContaining([onFamily.json().id, onRequest.json().id]));
    const released = await call(t, {
      method: "DELETE",
      url: `/api/settings/retention/holds/${onFamily.json().id}`,
      cookie: admin.cookie,
    });
    expect(released.statusCode).toBe(200);
    const again = await call(t, {
      method: "DELETE",
      url: `/api/settings/retention/holds/${onFamily.json().id}`,
      cookie: admin.cookie,
    });
    expect(again.statusCode).toBe(404);
    const events = await t.ctx.db
      .selectFrom("audit_events")
      .select("event")
      .where("actor_user_id", "=", admin.id)
      .where("event", "in", ["retention.holdPlaced", "retention.holdReleased"])
      .execute();
    expect(events.map((e) => e.event).sort()).toEqual([
      "retention.holdPlaced",
      "retention.holdPlaced",
      "retention.holdReleased",
    ]);
  });

  it("answers 404 in the caller's language for an unknown family or code, and 400 for a bad body", async () => {
    const unknown = await call(t, {
      method: "POST",
      url: "/api/settings/retention/holds",
      cookie: adminEn.cookie,
      payload: { target: "request", reference: "INS-0-000000", reason: "x" },
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown)).toMatchObject({ code: "RETENTION_HOLD_TARGET_NOT_FOUND" });
    expect(errorOf(unknown).message).toContain("No family or request");
    const staff = await call(t, {
      method: "POST",
      url: "/api/settings/retention/holds",
      cookie: adminEn.cookie,
      payload: { target: "family", reference: adminEn.email, reason: "x" },
    });
    expect(staff.statusCode).toBe(404);
    const bad = await call(t, {
      method: "POST",
      url: "/api/settings/retention/holds",
      cookie: adminEn.cookie,
      payload: { target: "school", reference: "", reason: "" },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(errorOf(bad).fields ?? {}).sort()).toEqual(["reason", "reference", "target"]);
  });
});

describe("the processing register", () => {
  it("lists each activity with who sees it from the permissions and how long from the periods", async () => {
    const response = await call(t, { method: "GET", url: "/api/settings/processing-register", cookie: adminEn.cookie });
    expect(response.statusCode).toBe(200);
    const items = response.json().items as { id: string; roles: string[]; retention: string; subjects: string }[];
    expect(items.map((item) => item.id)).toEqual([
      "enrollment",
      "medicalRecords",
      "photosAndDocuments",
      "elections",
      "messaging",
      "accountsSecurity",
      "dataRights",
    ]);
    const medical = items.find((item) => item.id === "medicalRecords")!;
    expect(medical.roles).toEqual(["Admin", "User", "Secretaria", "Consulta", "Prueba"]);
    expect(medical.roles).not.toContain("Editor");
    expect(medical.subjects).toContain("minors");
    const { months } = await current();
    expect(medical.retention).toBe(`${months.medicalRecords} months after the student leaves.`);
  });

  it("downloads as a real XLSX file with a header row and one row per activity, in the caller's language", async () => {
    const response = await call(t, {
      method: "GET",
      url: "/api/settings/processing-register/file",
      cookie: admin.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("spreadsheetml");
    expect(response.headers["content-disposition"]).toContain("processing-register.xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe("Registro de tratamientos");
    expect(sheet.getRow(1).getCell(1).value).toBe("Actividad de tratamiento");
    expect(sheet.rowCount).toBe(8);
    expect(sheet.getRow(3).getCell(1).value).toBe("Fichas médicas");
    expect(String(sheet.getRow(3).getCell(6).value)).toContain("Consulta");
  });
});
