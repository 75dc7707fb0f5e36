import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { studentFileBody } from "./support/documents.ts";
import { insertPastFile, insertPastYear, startFile, uploadPdf } from "./support/enrollment.ts";
import { call, createTestApp, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const contextOf = (cookie: string, fileId: number) =>
  call(t, { method: "GET", url: `/api/enrollment/files/${fileId}/context`, cookie });

describe("file context", () => {
  it("offers every level to a new student and counts the family's children for the discount", async () => {
    const family = await signedInAs(t, "User");
    const fileId = (await startFile(t, family.cookie)).json().id as number;
    const first = await contextOf(family.cookie, fileId);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      isNewStudent: true,
      previousLevel: null,
      requestedLevel: null,
      birthDate: null,
      familyChildrenThisYear: 1,
      familyDiscountPercent: 0,
    });
    expect(first.json().requestableLevels).toContain("TPS");
    expect(first.json().requestableLevels).toContain("TLE");

    await startFile(t, family.cookie);
    await startFile(t, family.cookie);
    const third = await contextOf(family.cookie, fileId);
    expect(third.json()).toMatchObject({ familyChildrenThisYear: 3, familyDiscountPercent: 10 });
  });

  it("offers only the next level on re-enrollment and reports the saved birth date and level", async () => {
    const family = await signedInAs(t, "User");
    const draft = (await startFile(t, family.cookie)).json();
    const uploadId = (await uploadPdf(t, family.cookie, draft.id)).json().id as number;
    await t.ctx.db.deleteFrom("enrollment_files").where("id", "=", draft.id).execute();
    await insertPastFile(t, {
      studentId: draft.studentId,
      schoolYearId: await insertPastYear(t),
      levelCode: "CM2",
      studentFile: studentFileBody(uploadId),
    });
    const fileId = (await startFile(t, family.cookie, { studentId: draft.studentId })).json().id as number;
    const context = await contextOf(family.cookie, fileId);
    expect(context.json()).toMatchObject({ isNewStudent: false, previousLevel: "CM2", requestableLevels: ["6E"] });

    const saved = await call(t, {
      method: "PUT",
      url: `/api/enrollment/files/${fileId}/steps/studentFile`,
      cookie: family.cookie,
      payload: studentFileBody(uploadId),
    });
    expect(saved.statusCode).toBe(200);
    expect((await contextOf(family.cookie, fileId)).json()).toMatchObject({ birthDate: "2015-03-14" });
  });

  it("is refused for another family's file and for unknown or malformed ids", async () => {
    const owner = await signedInAs(t, "User");
    const other = await signedInAs(t, "User", { language: "en" });
    const fileId = (await startFile(t, owner.cookie)).json().id as number;
    const refused = await contextOf(other.cookie, fileId);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe("You are not authorized to make modifications on this student");
    expect((await contextOf(owner.cookie, 999_999_999)).statusCode).toBe(404);
    const bad = await call(t, { method: "GET", url: "/api/enrollment/files/abc/context", cookie: owner.cookie });
    expect(bad.statusCode).toBe(400);
  });
});
