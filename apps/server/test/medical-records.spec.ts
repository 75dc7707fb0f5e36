import type { Role } from "@portal/shared/roles";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertMedicalRequest, insertOwnYear, medicalBody } from "./support/medical-records.ts";
import { call, createTestApp, createUser, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

let t: TestApp;
let yearId: number;
let secretaria: Awaited<ReturnType<typeof signedInAs>>;
const ids: Record<string, { id: number; code: string }> = {};

/** Health values that must show in the rows and never in the audit log. */
const PEANUT = "Cacahuete-7731";
const HIVES = "Urticaria-gigante";

beforeAll(async () => {
  t = await createTestApp();
  yearId = await insertOwnYear(t);
  secretaria = await signedInAs(t, "Secretaria", { language: "en" });
  const familyId = (await createUser(t)).id;
  const add = (key: string, opts: Omit<Parameters<typeof insertMedicalRequest>[1], "familyId" | "schoolYearId">) =>
    insertMedicalRequest(t, { familyId, schoolYearId: yearId, ...opts }).then((r) => {
      ids[key] = r;
    });
  await add("allergic", {
    level: "CM2",
    names: "Ana Lucía",
    student: {
      firstName: "Andrade",
      bloodType: "O+",
      emergencyContacts: [{ name: "Rosa Loor", relationship: "GRANDMOTHER", phone: "+593 99 111 2222" }],
    },
    medical: await medicalBody({
      allergies: {
        medications: [{ item: "Penicilina", reaction: HIVES }],
        foods: [{ item: PEANUT, reaction: "Anafilaxia" }],
        insects: [{ item: "Abeja", reaction: "Hinchazón" }],
        other: [{ item: "Látex", reaction: "Picor" }],
      },
      takeMedication: true,
      takeMedicationObservation: "Salbutamol antes del deporte",
      disease: true,
      diseaseObservation: "Asma",
      hasIncapacity: true,
      incapacityObservation: "Baja visión",
      disqualifiedSport: true,
      disqualifiedSportObservation: "Rodilla operada",
      treatmentReceived: "Fisioterapia",
      authorizeEmergencyActions: false,
    }),
  });
  await add("plain", { level: "CM2", names: "Bruno", student: { firstName: "Zambrano" }, status: "Confirmed" });
  await add("otherLevel", { level: "CM1", names: "Carla", student: { firstName: "Borja" } });
  await add("untreated", { level: "CM2", names: "Diego", student: { firstName: "Cedeño" }, status: "Untreated" });
  await add("testData", { level: "CM2", names: "Elena", student: { firstName: "Prueba" }, testData: true });
  await add("noRecord", { level: "CM2", names: "Fabián", student: { firstName: "Mora" }, medical: null });
});
afterAll(() => t.close());

const list = (cookie: string | undefined, query = "") =>
  call(t, { method: "GET", url: `/api/medical-records?schoolYearId=${yearId}${query}`, cookie });

type Row = Record<string, unknown>;
const rowsOf = (response: { json: () => unknown }) => (response.json() as { items: Row[] }).items;

describe("GET /api/medical-records", () => {
  it("lists one row per student of the level, accepted and beyond by default, with the file's health data", async () => {
    const response = await list(secretaria.cookie, "&level=CM2");
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { total: number; statuses: string[]; items: Row[] };
    expect(body.statuses).toEqual(["Accepted", "Validated", "Confirmed", "Finished"]);
    // Sorted by student name as the lists show it (given names first); Untreated and test data are left out.
    expect(body.items.map((row) => row.code)).toEqual([ids.allergic!.code, ids.plain!.code, ids.noRecord!.code]);
    expect(body.total).toBe(3);
    const row = body.items[0]!;
    expect(row).toMatchObject({
      requestId: ids.allergic!.id,
      studentName: "Ana Lucía Andrade Loor",
      levelCode: "CM2",
      requestStatus: "Accepted",
      hasRecord: true,
      allergies: {
        medications: [{ item: "Penicilina", reaction: HIVES }],
        foods: [{ item: PEANUT, reaction: "Anafilaxia" }],
        insects: [{ item: "Abeja", reaction: "Hinchazón" }],
        other: [{ item: "Látex", reaction: "Picor" }],
      },
      medication: { yes: true, text: "Salbutamol antes del deporte" },
      disease: { yes: true, text: "Asma" },
      disability: { yes: true, text: "Baja visión" },
      sportsExemption: { yes: true, text: "Rodilla operada" },
      treatmentReceived: "Fisioterapia",
      emergencyMeasuresAuthorized: false,
      bloodType: "O+",
      // The relationship's label in the user's language.
      emergencyContacts: [{ name: "Rosa Loor", relationship: "Grandmother", phone: "+593 99 111 2222" }],
    });
    expect(body.items[2]).toMatchObject({ hasRecord: false, emergencyMeasuresAuthorized: null });
    expect(body.items[1]).toMatchObject({
      hasRecord: true,
      emergencyMeasuresAuthorized: true,
      medication: { yes: false, text: "" },
      allergies: { medications: [], foods: [], insects: [], other: [] },
      bloodType: "",
    });
  });

  it("filters by level, status, test data and pages", async () => {
    const codes = async (query: string) => rowsOf(await list(secretaria.cookie, query)).map((row) => row.code);
    expect(await codes("&level=CM1")).toEqual([ids.otherLevel!.code]);
    expect(await codes("")).toHaveLength(4);
    expect(await codes("&level=CM2&status=Untreated")).toEqual([ids.untreated!.code]);
    expect(await codes("&level=CM2&testData=only")).toEqual([ids.testData!.code]);
    expect(await codes("&level=TLE")).toEqual([]);
    const page2 = await list(secretaria.cookie, "&level=CM2&pageSize=10&page=2");
    expect(page2.json()).toMatchObject({ items: [], total: 3, page: 2, pageSize: 10 });
  });

  it("audits every view with the filters and counts, never a health value", async () => {
    const before = await lastAuditId();
    await list(secretaria.cookie, "&level=CM2");
    const rows = await auditSince(before, "medicalRecord.viewed");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actor_user_id).toBe(secretaria.id);
    const details = JSON.parse(rows[0]!.details ?? "{}");
    expect(details).toMatchObject({
      view: "list",
      page: 1,
      count: 3,
      total: 3,
      filters: { schoolYearId: yearId, level: "CM2", testData: "exclude" },
    });
    for (const value of [PEANUT, HIVES, "Asma", "O+", "Rosa Loor", "Ana Lucía"]) {
      expect(rows[0]!.details).not.toContain(value);
    }
    // The Admin's audit log page shows what was viewed.
    const admin = await signedInAs(t, "Admin", { language: "en" });
    const log = await call(t, {
      method: "GET",
      url: "/api/audit-events?event=medicalRecord.viewed",
      cookie: admin.cookie,
    });
    const item = (log.json() as { items: { id: number; info: Record<string, string> }[] }).items.find(
      (entry) => entry.id === rows[0]!.id,
    );
    expect(item?.info).toMatchObject({ view: "list", count: "3", total: "3", page: "1" });
  });

  it("is for Admin, Secretaria and Consulta: Editor and families 403, visitors 401, nothing audited", async () => {
    const allowed: Role[] = ["Admin", "Consulta"];
    for (const role of allowed) {
      const { cookie } = await signedInAs(t, role);
      expect((await list(cookie, "&level=CM2")).statusCode, role).toBe(200);
    }
    const before = await lastAuditId();
    const refused: Role[] = ["Editor", "User", "Prueba"];
    for (const role of refused) {
      const { cookie } = await signedInAs(t, role);
      for (const url of [`/api/medical-records?level=CM2`, `/api/medical-records/pdf?level=CM2`]) {
        const response = await call(t, { method: "GET", url, cookie });
        expect(response.statusCode, `${role} ${url}`).toBe(403);
        expect(errorOf(response).code).toBe("FORBIDDEN");
        expect(response.body).not.toContain(PEANUT);
      }
    }
    const visitor = await call(t, { method: "GET", url: "/api/medical-records/pdf?level=CM2" });
    expect(visitor.statusCode).toBe(401);
    expect(await auditSince(before, "medicalRecord.viewed")).toEqual([]);
    expect(await auditSince(before, "medicalRecord.exported")).toEqual([]);
  });

  it("refuses unknown or bad filters with 400 naming the field, in the user's language", async () => {
    const bad: [string, string][] = [
      ["&allergy=peanut", "allergy"],
      ["&level=XX", "level"],
      ["&status=Sent", "status"],
      ["&kind=old", "kind"],
      ["&pageSize=7", "pageSize"],
      ["&page=0", "page"],
      ["&q=ana", "q"],
      ["&level=CM2&level=CM1", "level"],
    ];
    for (const [query, field] of bad) {
      const response = await list(secretaria.cookie, query);
      expect(response.statusCode, query).toBe(400);
      const error = errorOf(response);
      expect(error.code, query).toBe("VALIDATION_ERROR");
      expect(error.fields?.[field], `${query}: ${response.body}`).toBeTruthy();
    }
    const unknownYear = await call(t, {
      method: "GET",
      url: "/api/medical-records?schoolYearId=2147483000",
      cookie: secretaria.cookie,
    });
    expect(unknownYear.statusCode).toBe(400);
    expect(errorOf(unknownYear)).toMatchObject({
      code: "SCHOOL_YEAR_INVALID",
      message: "The chosen school year does not exist",
    });
  });
});

async function lastAuditId(): Promise<number> {
  const row = await t.ctx.db
    .selectFrom("audit_events")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

function auditSince(id: number, event: string) {
  return t.ctx.db
    .selectFrom("audit_events")
    .selectAll()
    .where("id", ">", id)
    .where("event", "=", event)
    .where("details", "like", `%${yearId}%`)
    .orderBy("id")
    .execute();
}
