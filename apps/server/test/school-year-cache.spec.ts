import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findSchoolYearCached, forgetSchoolYears } from "../src/modules/school-years/school-year-cache.ts";
import { insertOwnYear } from "./support/document-requests.ts";
import { createTestApp, type TestApp } from "./support/test-app.ts";

let t: TestApp;
let yearId: number;
beforeAll(async () => {
  t = await createTestApp();
  yearId = await insertOwnYear(t, "year-cache");
  // New enrollment opens on 1 March, the school's day (UTC−5).
  await t.ctx.db
    .updateTable("school_years")
    .set({ new_opens_on: "2027-03-01", new_closes_on: "2027-03-31" })
    .where("id", "=", yearId)
    .execute();
});
afterAll(() => t.close());

describe("the session's school year, kept in memory", () => {
  it("opens a window when the school's day turns, without a write and while the row is still kept", async () => {
    forgetSchoolYears();
    // 23:59:59.5 and 00:00:00.5 in Quito: one second apart, well within the row's 5 s in memory.
    const before = await findSchoolYearCached(t.ctx.db, yearId, new Date("2027-03-01T04:59:59.500Z"));
    expect(before?.newEnrollment.open).toBe(false);
    expect(before?.enrollmentOpen).toBe(false);
    const after = await findSchoolYearCached(t.ctx.db, yearId, new Date("2027-03-01T05:00:00.500Z"));
    expect(after?.newEnrollment.open).toBe(true);
    expect(after?.enrollmentOpen).toBe(true);
    expect(after?.familyMayAct).toBe(true);
  });

  it("serves what it read for 5 s, then reads the row again; a forget reads it at once", async () => {
    forgetSchoolYears();
    const at = new Date("2027-03-10T15:00:00Z");
    expect((await findSchoolYearCached(t.ctx.db, yearId, at))?.newEnrollment.open).toBe(true);
    // Closed early behind the cache's back (another process whose notice did not arrive).
    await t.ctx.db
      .updateTable("school_years")
      .set({ new_closed_at: "2027-03-10T14:00:00.000Z" })
      .where("id", "=", yearId)
      .execute();
    const within = new Date(at.getTime() + 4_000);
    expect((await findSchoolYearCached(t.ctx.db, yearId, within))?.newEnrollment.open).toBe(true);
    const past = new Date(at.getTime() + 5_000);
    expect((await findSchoolYearCached(t.ctx.db, yearId, past))?.newEnrollment.open).toBe(false);

    await t.ctx.db.updateTable("school_years").set({ new_closed_at: null }).where("id", "=", yearId).execute();
    forgetSchoolYears();
    expect((await findSchoolYearCached(t.ctx.db, yearId, past))?.newEnrollment.open).toBe(true);
  });

  it("answers undefined for a year that does not exist", async () => {
    expect(await findSchoolYearCached(t.ctx.db, 999_999_999)).toBeUndefined();
  });
});
