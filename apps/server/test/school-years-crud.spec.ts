import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Admin, closeOwnAdminApp, openOwnAdminApp } from "./support/own-admin-app.ts";
import type { OwnDatabase } from "./support/own-database.ts";
import { BASE, type Detail, farYearBody, loginToYear, schoolYearsApi } from "./support/school-years.ts";
import {
  call,
  createUser,
  currentSchoolYearId,
  errorOf,
  sessionCookie,
  signedInAs,
  type TestApp,
} from "./support/test-app.ts";

// Settings › School year: who may manage years, creating, editing, the current year and deleting.
// Years and the current flag are global: this spec runs on a database of its own.

let own: OwnDatabase;
let t: TestApp;
let admin: Admin;
beforeAll(async () => {
  ({ own, t, admin } = await openOwnAdminApp("school-years-crud"));
});
afterAll(() => closeOwnAdminApp({ own, t }));

const { create, list, detail, setLevels, auditOf } = schoolYearsApi(() => ({ t, cookie: admin.cookie }));

describe("Settings › School year: who may call it", () => {
  it("is the Admin's alone: 401 anonymous, 403 for staff and families", async () => {
    expect((await call(t, { method: "GET", url: BASE })).statusCode).toBe(401);
    for (const role of ["Secretaria", "Consulta", "Editor", "User"] as const) {
      const { cookie } = await signedInAs(t, role);
      const listed = await call(t, { method: "GET", url: BASE, cookie });
      expect(listed.statusCode, role).toBe(403);
      const created = await create(farYearBody(), cookie);
      expect(created.statusCode, role).toBe(403);
      expect(errorOf(created).code).toBe("FORBIDDEN");
    }
  });
});

describe("creating a year", () => {
  it("creates the next year, refuses a duplicate label (409), inverted dates, bad labels and overlaps", async () => {
    const body = farYearBody();
    const created = await create(body);
    expect(created.statusCode).toBe(201);
    const year = created.json() as Detail;
    expect(year).toMatchObject({
      label: body.label,
      startsOn: body.startsOn,
      endsOn: body.endsOn,
      isCurrent: false,
      fileCount: 0,
      newEnrollment: { opensOn: null, closesOn: null, closedAt: null, open: false },
      reEnrollment: { open: false },
    });
    expect((await list()).map((y) => y.label)).toContain(body.label);
    const audit = (await auditOf("schoolYear.created")).at(-1);
    expect(audit?.actor_user_id).toBe(admin.id);
    expect(JSON.parse(audit?.details ?? "{}")).toMatchObject({ label: body.label, schoolYearId: year.id });

    const duplicate = await create({ ...farYearBody(), label: body.label });
    expect(duplicate.statusCode).toBe(409);
    expect(errorOf(duplicate)).toMatchObject({
      code: "SCHOOL_YEAR_LABEL_TAKEN",
      message: "A school year with this name already exists.",
    });

    const overlap = await create({ ...farYearBody(), startsOn: body.startsOn, endsOn: body.endsOn });
    expect(overlap.statusCode).toBe(409);
    expect(errorOf(overlap)).toMatchObject({ code: "SCHOOL_YEAR_OVERLAP" });
    expect(errorOf(overlap).message).toContain(body.label);

    const next = farYearBody();
    const inverted = await create({ ...next, startsOn: next.endsOn, endsOn: next.startsOn });
    expect(inverted.statusCode).toBe(400);
    expect(errorOf(inverted).fields?.endsOn).toBe("The last school day must be after the first");
    for (const label of ["2026", "2026-2028", "26-27", "2027-2026", "año 2026-2027"]) {
      const bad = await create({ ...next, label });
      expect(bad.statusCode, label).toBe(400);
      expect(errorOf(bad).fields?.label, label).toBe("Write the school year as 2026-2027 (two consecutive years)");
    }
    const badDate = await create({ ...next, startsOn: "2031-02-30" });
    expect(errorOf(badDate).fields?.startsOn).toBeTruthy();
    const unknown = await create({ ...next, isCurrent: true });
    expect(unknown.statusCode).toBe(400);
    expect(await t.ctx.db.selectFrom("school_years").select("id").where("label", "=", next.label).execute()).toEqual(
      [],
    );
  });

  it("copies every year.<previous>.* setting and the levels offered from the latest year", async () => {
    const previous = (await create(farYearBody())).json() as Detail;
    const edited = await setLevels(previous, ["CP", "CE1"]);
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ levelsOffered: ["CP", "CE1"], version: previous.version + 1 });
    // Helper settings of the year (notices, constants) stored under year.<id>.*
    await t.ctx.db
      .insertInto("settings")
      .values([
        { key: `year.${previous.id}.notices`, value: '{"print":"Imprima"}' },
        { key: `year.${previous.id}.constants`, value: '{"discountPercent":12}' },
      ])
      .execute();

    const next = (await create(farYearBody())).json() as Detail;
    expect(next.levelsOffered).toEqual(["CP", "CE1"]);
    const copied = await t.ctx.db
      .selectFrom("settings")
      .select(["key", "value", "version"])
      .where("key", "like", `year.${next.id}.%`)
      .orderBy("key")
      .execute();
    expect(copied).toEqual([
      { key: `year.${next.id}.constants`, value: '{"discountPercent":12}', version: 1 },
      { key: `year.${next.id}.levelsOffered`, value: '["CP","CE1"]', version: 1 },
      { key: `year.${next.id}.notices`, value: '{"print":"Imprima"}', version: 1 },
    ]);
    const audit = JSON.parse((await auditOf("schoolYear.created")).at(-1)?.details ?? "{}");
    expect(audit).toMatchObject({ copiedFrom: previous.label, copiedSettings: 3 });

    // A stale version (another Admin saved first) is refused and changes nothing.
    const stale = await setLevels(previous, ["TLE"], previous.version);
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe("VERSION_CONFLICT");
    expect((await detail(previous.id)).levelsOffered).toEqual(["CP", "CE1"]);
    const noLevels = await setLevels(previous, [], previous.version + 1);
    expect(errorOf(noLevels).fields?.levelsOffered).toBe("Offer at least one level");
    const badLevel = await setLevels(previous, ["XX"], previous.version + 1);
    expect(badLevel.statusCode).toBe(400);
  });
});

describe("the current year", () => {
  it("switches in one transaction: exactly one current year, audited; back again", async () => {
    const original = await currentSchoolYearId(t);
    const other = (await create(farYearBody())).json() as Detail;
    const switched = await call(t, { method: "POST", url: `${BASE}/${other.id}/current`, cookie: admin.cookie });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ id: other.id, isCurrent: true });
    const current = await t.ctx.db.selectFrom("school_years").select("id").where("is_current", "=", 1).execute();
    expect(current).toEqual([{ id: other.id }]);
    // The login's selector lists it first and offers it.
    const years = (await call(t, { method: "GET", url: "/api/school-years" })).json() as {
      id: number;
      familyMayAct: boolean;
    }[];
    expect(years[0]).toMatchObject({ id: other.id, familyMayAct: true });
    const audit = JSON.parse((await auditOf("schoolYear.currentChanged")).at(-1)?.details ?? "{}");
    expect(audit).toMatchObject({ schoolYearId: other.id, to: other.label });

    const deleteCurrent = await call(t, { method: "DELETE", url: `${BASE}/${other.id}`, cookie: admin.cookie });
    expect(deleteCurrent.statusCode).toBe(409);
    expect(errorOf(deleteCurrent).code).toBe("SCHOOL_YEAR_IS_CURRENT");

    expect(
      (await call(t, { method: "POST", url: `${BASE}/${original}/current`, cookie: admin.cookie })).statusCode,
    ).toBe(200);
    expect(await currentSchoolYearId(t)).toBe(original);
    const unknown = await call(t, { method: "POST", url: `${BASE}/2147483000/current`, cookie: admin.cookie });
    expect(unknown.statusCode).toBe(404);
    const badId = await call(t, { method: "POST", url: `${BASE}/abc/current`, cookie: admin.cookie });
    expect(badId.statusCode).toBe(400);
  });
});

async function deleteYear(id: number) {
  const deleted = await call(t, { method: "DELETE", url: `${BASE}/${id}`, cookie: admin.cookie });
  expect(deleted.statusCode, deleted.body).toBe(200);
}

describe("deleting a year", () => {
  it("deletes an empty year with its settings and ends its sessions; 404 for an unknown one", async () => {
    const next = (await create(farYearBody())).json() as Detail;
    const family = await createUser(t);
    const cookie = sessionCookie(await loginToYear(t, next.id, family.email));
    await deleteYear(next.id);
    expect(await t.ctx.db.selectFrom("school_years").select("id").where("id", "=", next.id).execute()).toEqual([]);
    expect(
      await t.ctx.db.selectFrom("settings").select("key").where("key", "like", `year.${next.id}.%`).execute(),
    ).toEqual([]);
    expect((await call(t, { method: "GET", url: "/api/account", cookie })).statusCode).toBe(401);
    expect(JSON.parse((await auditOf("schoolYear.deleted")).at(-1)?.details ?? "{}")).toMatchObject({
      label: next.label,
    });
    const unknown = await call(t, { method: "DELETE", url: `${BASE}/2147483000`, cookie: admin.cookie });
    expect(unknown.statusCode).toBe(404);
  });
});
