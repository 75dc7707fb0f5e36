import { addMonths, schoolDay } from "@portal/shared/rules/school-year-windows";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFile } from "./support/enrollment.ts";
import { type Admin, closeOwnAdminApp, openOwnAdminApp } from "./support/own-admin-app.ts";
import type { OwnDatabase } from "./support/own-database.ts";
import { BASE, type Detail, farYearBody, loginToYear, schoolYearsApi } from "./support/school-years.ts";
import {
  call,
  createUser,
  currentSchoolYearId,
  errorOf,
  loginAs,
  sessionCookie,
  signedInAs,
  type TestApp,
} from "./support/test-app.ts";

// Settings › School year: the new-enrollment and re-enrollment windows, what they let families do
// and what the login's year selector offers. Years and windows are global: this spec runs on a
// database of its own.

let own: OwnDatabase;
let t: TestApp;
let admin: Admin;
beforeAll(async () => {
  ({ own, t, admin } = await openOwnAdminApp("school-year-windows"));
});
afterAll(() => closeOwnAdminApp({ own, t }));

const { create, detail, setLevels, setWindow, auditOf } = schoolYearsApi(() => ({ t, cookie: admin.cookie }));

/** The year after the reference (current) year, starting the day after it ends so a window may open today. */
async function nextYearAfterCurrent(): Promise<{ current: Detail; next: Detail }> {
  const current = await detail(await currentSchoolYearId(t));
  const start = Number(current.startsOn.slice(0, 4)) + 1;
  const created = await create({
    label: `${start}-${start + 1}`,
    startsOn: `${start}-08-01`,
    endsOn: `${start + 1}-07-10`,
  });
  expect(created.statusCode, created.body).toBe(201);
  return { current, next: created.json() as Detail };
}

describe("rolling over: re-enrollment into the new year and the family's closed windows", () => {
  it("re-enrolls a child of year N into N+1 with no other step; refuses what a closed window does not allow", async () => {
    const family = await createUser(t, { language: "en" });
    const cookieN = await loginAs(t, family.email);
    const draft = (await startFile(t, cookieN)).json() as { id: number; studentId: number };
    await t.ctx.db
      .updateTable("enrollment_files")
      .set({ level_code: "CM2", status: "sent" })
      .where("id", "=", draft.id)
      .execute();

    const { current, next } = await nextYearAfterCurrent();
    // N+1 offers what N offered (every level here) and its windows start closed.
    expect(next.levelsOffered).toContain("6E");
    const closedYears = (await call(t, { method: "GET", url: "/api/school-years" })).json() as {
      id: number;
      familyMayAct: boolean;
    }[];
    expect(closedYears.find((y) => y.id === next.id)?.familyMayAct).toBe(false);

    const cookieClosed = sessionCookie(await loginToYear(t, next.id, family.email));
    const session = (await call(t, { method: "GET", url: "/api/session", cookie: cookieClosed })).json();
    expect(session.schoolYear).toMatchObject({
      id: next.id,
      enrollmentOpen: false,
      newEnrollment: { open: false },
      reEnrollment: { open: false },
    });
    const blocked = await startFile(t, cookieClosed, { studentId: draft.studentId });
    expect(blocked.statusCode).toBe(409);
    expect(errorOf(blocked)).toEqual({
      code: "REENROLLMENT_CLOSED",
      message: "Re-enrollment for this school year is closed.",
    });

    // The Admin opens re-enrollment only.
    const opened = await setWindow(next.id, "reenrollment", {
      version: next.version,
      opensOn: schoolDay(),
      closesOn: next.endsOn,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const years = (await call(t, { method: "GET", url: "/api/school-years" })).json() as {
      id: number;
      familyMayAct: boolean;
    }[];
    expect(years.find((y) => y.id === next.id)?.familyMayAct).toBe(true);
    // The session check keeps the year in memory: the save forgot it, so the family's
    // next page load already shows the window open rather than the closed one read above.
    const sessionYear = async () =>
      (await call(t, { method: "GET", url: "/api/session", cookie: cookieClosed })).json().schoolYear;
    expect(await sessionYear()).toMatchObject({ id: next.id, reEnrollment: { open: true } });

    const reenrolled = await startFile(t, cookieClosed, { studentId: draft.studentId });
    expect(reenrolled.statusCode, reenrolled.body).toBe(201);
    const fileId = reenrolled.json().id as number;
    const context = await call(t, {
      method: "GET",
      url: `/api/enrollment/files/${fileId}/context`,
      cookie: cookieClosed,
    });
    expect(context.json()).toMatchObject({ isNewStudent: false, previousLevel: "CM2", requestableLevels: ["6E"] });
    const newStudent = await startFile(t, cookieClosed);
    expect(newStudent.statusCode).toBe(409);
    expect(errorOf(newStudent).code).toBe("NEW_ENROLLMENT_CLOSED");

    // Closed early (now): the planned dates stay, the window is closed, the family is told.
    const closed = await call(t, {
      method: "POST",
      url: `${BASE}/${next.id}/windows/reenrollment/close`,
      cookie: admin.cookie,
    });
    expect(closed.statusCode).toBe(200);
    const after = closed.json() as Detail;
    expect(after.reEnrollment).toMatchObject({ opensOn: schoolDay(), closesOn: next.endsOn, open: false });
    expect(after.reEnrollment.closedAt).toBeTruthy();
    expect(await sessionYear()).toMatchObject({ id: next.id, reEnrollment: { open: false } });
    expect(JSON.parse((await auditOf("schoolYear.windowClosed")).at(-1)?.details ?? "{}")).toMatchObject({
      schoolYearId: next.id,
      window: "reenrollment",
    });
    const sibling = (await startFile(t, cookieN)).json() as { id: number; studentId: number };
    const late = await startFile(t, cookieClosed, { studentId: sibling.studentId });
    expect(errorOf(late).code).toBe("REENROLLMENT_CLOSED");
    // The file already started stays reachable.
    expect((await startFile(t, cookieClosed, { studentId: draft.studentId })).statusCode).toBe(200);
    // Saving the window's dates again reopens it.
    const reopened = await setWindow(next.id, "reenrollment", {
      version: after.version,
      opensOn: schoolDay(),
      closesOn: next.endsOn,
    });
    expect(reopened.json()).toMatchObject({ reEnrollment: { open: true, closedAt: null } });

    // The year has a file now: it cannot be deleted.
    const refused = await call(t, { method: "DELETE", url: `${BASE}/${next.id}`, cookie: admin.cookie });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toEqual({
      code: "SCHOOL_YEAR_HAS_FILES",
      message: "This school year has enrollment files: it cannot be deleted.",
    });
    expect((await detail(next.id)).fileCount).toBe(1);
    expect((await detail(current.id)).fileCount).toBeGreaterThanOrEqual(1);
  });

  it("filters the levels a new year does not offer out of the wizard's choices", async () => {
    const year = (await create(farYearBody())).json() as Detail;
    // The level rule is read from the file's own year (moved there directly: a far year cannot open today).
    await setLevels(year, ["CP", "CE1"]);
    const family = await signedInAs(t, "User");
    const fileId = (await startFile(t, family.cookie)).json().id as number;
    await t.ctx.db.updateTable("enrollment_files").set({ school_year_id: year.id }).where("id", "=", fileId).execute();
    const context = await call(t, {
      method: "GET",
      url: `/api/enrollment/files/${fileId}/context`,
      cookie: family.cookie,
    });
    expect(context.json().requestableLevels).toEqual(["CP", "CE1"]);
  });
});

describe("enrollment windows", () => {
  it("refuses inverted, half-given and out-of-range windows; saves, opens and closes early", async () => {
    const year = (await create(farYearBody())).json() as Detail;
    const inverted = await setWindow(year.id, "new", {
      version: year.version,
      opensOn: "2101-05-01",
      closesOn: "2101-04-01",
    });
    expect(inverted.statusCode).toBe(400);
    expect(errorOf(inverted).fields?.closesOn).toBe("The start date must be on or before the end date");
    const half = await setWindow(year.id, "new", { version: year.version, opensOn: "2101-05-01", closesOn: null });
    expect(errorOf(half).fields?.closesOn).toBe("Give both the opening and the closing date, or neither");
    const tooEarly = await setWindow(year.id, "new", {
      version: year.version,
      opensOn: addMonths(year.startsOn, -13),
      closesOn: year.startsOn,
    });
    expect(tooEarly.statusCode).toBe(400);
    expect(errorOf(tooEarly).fields?.opensOn).toBe(
      "The window cannot open more than 12 months before the first school day",
    );
    const tooLate = await setWindow(year.id, "reenrollment", {
      version: year.version,
      opensOn: year.startsOn,
      closesOn: addMonths(year.endsOn, 1),
    });
    expect(errorOf(tooLate).fields?.closesOn).toBe("The window must close on the last school day at the latest");
    const badKind = await setWindow(year.id, "both", { version: year.version, opensOn: null, closesOn: null });
    expect(badKind.statusCode).toBe(400);

    const saved = await setWindow(year.id, "new", {
      version: year.version,
      opensOn: addMonths(year.startsOn, -6),
      closesOn: year.startsOn,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      newEnrollment: { opensOn: addMonths(year.startsOn, -6), closesOn: year.startsOn, open: false },
      version: year.version + 1,
    });
    const stale = await setWindow(year.id, "new", { version: year.version, opensOn: null, closesOn: null });
    expect(errorOf(stale).code).toBe("VERSION_CONFLICT");
    expect((await auditOf("schoolYear.windowChanged")).at(-1)?.actor_user_id).toBe(admin.id);
  });
});
