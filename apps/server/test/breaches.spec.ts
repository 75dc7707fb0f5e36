import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { breachBody, familyWith, recordBreach } from "./support/breaches.ts";
import { insertPastFile, insertPastYear } from "./support/enrollment.ts";
import { insertStudentRow } from "./support/students.ts";
import { call, createTestApp, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

/*
 * The breach register (docs/rules/data-protection.md "Breach register"): the Admin's alone,
 * validated and translated, its two legal clocks counted in working days, every change audited.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAs>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAs(t, "Admin", { language: "en" });
});
afterAll(() => t.close());

const auditOf = (event: string, breachId: number) =>
  t.ctx.db
    .selectFrom("audit_events")
    .select(["actor_user_id", "details"])
    .where("event", "=", event)
    .where("details", "like", `%"breachId":${breachId},%`)
    .execute();

describe("who may use the register", () => {
  it("answers 401 to nobody signed in and 403 to every other role", async () => {
    const anonymous = await call(t, { method: "GET", url: "/api/breaches" });
    expect(anonymous.statusCode).toBe(401);
    for (const role of ["Secretaria", "Consulta", "Editor", "User"] as const) {
      const { cookie } = await signedInAs(t, role);
      const list = await call(t, { method: "GET", url: "/api/breaches", cookie });
      expect(list.statusCode, role).toBe(403);
      const create = await call(t, { method: "POST", url: "/api/breaches", cookie, payload: breachBody() });
      expect(create.statusCode, role).toBe(403);
      expect(errorOf(create).code).toBe("FORBIDDEN");
    }
  });
});

describe("recording a breach", () => {
  it("refuses bad input with 400 and messages in the Admin's language", async () => {
    const response = await call(t, {
      method: "POST",
      url: "/api/breaches",
      cookie: admin.cookie,
      payload: breachBody({ title: "", categories: [], discoveredAt: "2026-12-06T10:00", familyScope: "selected" }),
    });
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe("VALIDATION_ERROR");
    expect(error.fields).toMatchObject({
      title: "This field is mandatory",
      categories: "Tick at least one kind of data",
      discoveredAt: "The discovery cannot be before the breach",
      familyScope: "Choose the families affected (or a school year)",
    });
    const unknownField = await call(t, {
      method: "POST",
      url: "/api/breaches",
      cookie: admin.cookie,
      payload: { ...breachBody(), extra: 1 },
    });
    expect(unknownField.statusCode).toBe(400);
  });

  it("counts the Authority's 5 and the families' 3 working days from the day after discovery", async () => {
    const { id } = await recordBreach(t, admin.cookie);
    const detail = (await call(t, { method: "GET", url: `/api/breaches/${id}`, cookie: admin.cookie })).json();
    expect(detail.authority).toMatchObject({ dueOn: "2026-12-14", doneOn: null });
    expect(detail.families).toMatchObject({ dueOn: "2026-12-10", doneOn: null });
    expect(detail.state).toBe("open");
    // No risk to rights: no families' clock at all.
    const noRisk = await recordBreach(t, admin.cookie, { rightsAtRisk: false, discoveredAt: "2026-12-11T17:00" });
    const other = (await call(t, { method: "GET", url: `/api/breaches/${noRisk.id}`, cookie: admin.cookie })).json();
    expect(other.authority.dueOn).toBe("2026-12-18");
    expect(other.families).toBeNull();
    const list = (await call(t, { method: "GET", url: "/api/breaches", cookie: admin.cookie })).json();
    expect(list.items.map((item: { id: number }) => item.id)).toEqual(expect.arrayContaining([id, noRisk.id]));
    expect(await auditOf("breach.recorded", id)).toHaveLength(1);
  });

  it("closes the Authority's clock with its date and reference, within the discovery and today", async () => {
    const { id, version } = await recordBreach(t, admin.cookie, { rightsAtRisk: false });
    const early = await call(t, {
      method: "POST",
      url: `/api/breaches/${id}/authority`,
      cookie: admin.cookie,
      payload: { version, notifiedOn: "2026-12-01", reference: "SPDP-1" },
    });
    expect(early.statusCode).toBe(400);
    expect(errorOf(early).code).toBe("BREACH_NOTIFIED_ON_RANGE");
    const done = await call(t, {
      method: "POST",
      url: `/api/breaches/${id}/authority`,
      cookie: admin.cookie,
      payload: { version, notifiedOn: "2026-12-07", reference: "SPDP-2026-001" },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      state: "closed",
      authority: { doneOn: "2026-12-07", overdue: false },
      authorityReference: "SPDP-2026-001",
    });
    const stale = await call(t, {
      method: "POST",
      url: `/api/breaches/${id}/authority`,
      cookie: admin.cookie,
      payload: { version, notifiedOn: "2026-12-07", reference: "again" },
    });
    expect(stale.statusCode).toBe(409);
    expect(await auditOf("breach.authorityNotified", id)).toHaveLength(1);
  });

  it("edits the families affected: chosen ones, or every family of a school year", async () => {
    const { owner } = await familyWith(t, "es");
    const { id, version } = await recordBreach(t, admin.cookie);
    const unknown = await call(t, {
      method: "PUT",
      url: `/api/breaches/${id}`,
      cookie: admin.cookie,
      payload: { ...breachBody({ familyScope: "selected", familyIds: [admin.id] }), version },
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).code).toBe("BREACH_FAMILY_UNKNOWN");
    const chosen = await call(t, {
      method: "PUT",
      url: `/api/breaches/${id}`,
      cookie: admin.cookie,
      payload: { ...breachBody({ familyScope: "selected", familyIds: [owner.id] }), version },
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().selectedFamilies).toEqual([{ id: owner.id, name: "Ana Lucía Pérez", email: owner.email }]);

    const yearId = await insertPastYear(t);
    const student = await insertStudentRow(t, { familyId: owner.id, name: "Zoe Breachtest" });
    await insertPastFile(t, { studentId: student.id, schoolYearId: yearId, levelCode: "EI1", studentFile: {} });
    const byYear = await call(t, {
      method: "PUT",
      url: `/api/breaches/${id}`,
      cookie: admin.cookie,
      payload: { ...breachBody({ familyScope: "schoolYear", schoolYearId: yearId }), version: version + 1 },
    });
    expect(byYear.statusCode).toBe(200);
    expect(byYear.json()).toMatchObject({ familyScope: "schoolYear", schoolYearId: yearId, selectedFamilies: [] });
    const notice = (await call(t, { method: "GET", url: `/api/breaches/${id}/notice`, cookie: admin.cookie })).json();
    expect(notice.families).toBe(1);

    const search = await call(t, {
      method: "GET",
      url: "/api/breaches/families?q=zoe%20breachtest",
      cookie: admin.cookie,
    });
    expect(search.json().items.map((family: { id: number }) => family.id)).toEqual([owner.id]);
    expect(await auditOf("breach.updated", id)).toHaveLength(2);
  });

  it("answers 404 for a breach that does not exist", async () => {
    const response = await call(t, { method: "GET", url: "/api/breaches/2147483000", cookie: admin.cookie });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toMatchObject({
      code: "BREACH_NOT_FOUND",
      message: "This breach is not in the register",
    });
  });
});
