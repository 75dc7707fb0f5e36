import { STEP_DRAFT_MAX_BYTES } from "@portal/shared/schemas/step-drafts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { studentFileBody } from "./support/documents.ts";
import { completeFile, startFile, uploadPdf } from "./support/enrollment.ts";
import { call, createTestApp, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

// "Nothing lost on reload": a step's unsaved typing kept on the server as a draft.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const draftUrl = (fileId: number, step = "studentFile") => `/api/enrollment/files/${fileId}/steps/${step}/draft`;
const getDraft = (cookie: string, fileId: number, step?: string) =>
  call(t, { method: "GET", url: draftUrl(fileId, step), cookie });
const putDraft = (cookie: string, fileId: number, payload: unknown, step?: string) =>
  call(t, { method: "PUT", url: draftUrl(fileId, step), cookie, payload: payload as object });
const draftRows = (fileId: number) =>
  t.ctx.db.selectFrom("step_drafts").selectAll().where("file_id", "=", fileId).execute();

async function familyWithFile() {
  const family = await signedInAs(t, "User");
  const fileId = (await startFile(t, family.cookie)).json().id as number;
  return { family, fileId };
}

describe("a step's draft", () => {
  it("keeps what the family typed and gives it back, per step, until the step is saved", async () => {
    const { family, fileId } = await familyWithFile();
    expect((await getDraft(family.cookie, fileId)).json()).toBeNull();

    const values = { names: "Ana Lucía", firstSurname: "Pérez", birthDate: "2014-05-20", siblings: [{ name: "Leo" }] };
    const kept = await putDraft(family.cookie, fileId, { values });
    expect(kept.statusCode, kept.body).toBe(200);
    const { savedAt } = kept.json() as { savedAt: string };
    expect(Date.parse(savedAt)).not.toBeNaN();
    expect((await getDraft(family.cookie, fileId)).json()).toEqual({ values, savedAt });
    // Another step has its own draft (none yet).
    expect((await getDraft(family.cookie, fileId, "medicalRecord")).json()).toBeNull();

    // Typing again replaces the draft.
    const again = { ...values, names: "Ana" };
    expect((await putDraft(family.cookie, fileId, { values: again })).statusCode).toBe(200);
    expect((await getDraft(family.cookie, fileId)).json()).toMatchObject({ values: again });
    expect(await draftRows(fileId)).toHaveLength(1);

    // Saving the step makes the draft older than the record: it is not offered again, and goes.
    const uploadId = (await uploadPdf(t, family.cookie, fileId)).json().id as number;
    const saved = await call(t, {
      method: "PUT",
      url: `/api/enrollment/files/${fileId}/steps/studentFile`,
      cookie: family.cookie,
      payload: studentFileBody(uploadId),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await getDraft(family.cookie, fileId)).json()).toBeNull();
    expect(await draftRows(fileId)).toEqual([]);

    // Typed after the save: offered again.
    expect((await putDraft(family.cookie, fileId, { values: { names: "Ana María" } })).statusCode).toBe(200);
    expect((await getDraft(family.cookie, fileId)).json()).toMatchObject({ values: { names: "Ana María" } });
  });

  it("is discarded on request (204), and discarding none is fine", async () => {
    const { family, fileId } = await familyWithFile();
    await putDraft(family.cookie, fileId, { values: { names: "Ana" } });
    const discarded = await call(t, { method: "DELETE", url: draftUrl(fileId), cookie: family.cookie });
    expect(discarded.statusCode).toBe(204);
    expect(await draftRows(fileId)).toEqual([]);
    expect((await call(t, { method: "DELETE", url: draftUrl(fileId), cookie: family.cookie })).statusCode).toBe(204);
  });

  it("is refused once the file is sent (409), and a draft left from before is not offered", async () => {
    const family = await signedInAs(t, "User");
    const fileId = await completeFile(t, family.cookie);
    await t.ctx.db
      .insertInto("step_drafts")
      .values({
        file_id: fileId,
        step: "medicalRecord",
        values_json: '{"height":"120"}',
        updated_at: "2999-01-01T00:00:00.000Z",
      })
      .execute();
    const sent = await call(t, { method: "POST", url: `/api/enrollment/files/${fileId}/send`, cookie: family.cookie });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    expect((await getDraft(family.cookie, fileId, "medicalRecord")).json()).toBeNull();
    expect(await draftRows(fileId)).toEqual([]);
    const refused = await putDraft(family.cookie, fileId, { values: { names: "Ana" } });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe("FILE_LOCKED");
    expect(await draftRows(fileId)).toEqual([]);
  });
});

describe("who may use a draft", () => {
  it("is the file's family only: another family 403 without a word of the draft, staff 403, visitors 401", async () => {
    const { family, fileId } = await familyWithFile();
    await putDraft(family.cookie, fileId, { values: { names: "Ana Lucía" } });
    const other = await signedInAs(t, "User");
    for (const response of [
      await getDraft(other.cookie, fileId),
      await putDraft(other.cookie, fileId, { values: { names: "Intruso" } }),
      await call(t, { method: "DELETE", url: draftUrl(fileId), cookie: other.cookie }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).code).toBe("NOT_YOUR_STUDENT");
      expect(response.body).not.toContain("Ana");
    }
    for (const role of ["Admin", "Secretaria"] as const) {
      const staff = await signedInAs(t, role);
      const response = await getDraft(staff.cookie, fileId);
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).code).toBe("FORBIDDEN");
    }
    expect((await call(t, { method: "GET", url: draftUrl(fileId) })).statusCode).toBe(401);
    expect((await getDraft(family.cookie, 2147483000)).statusCode).toBe(404);
    expect((await draftRows(fileId)).map((row) => JSON.parse(row.values_json))).toEqual([{ names: "Ana Lucía" }]);
  });
});

describe("bad input", () => {
  it("refuses what is not an object of values, an unknown step and an oversized draft, in the family's language, keeping the last draft", async () => {
    const { family, fileId } = await familyWithFile();
    await putDraft(family.cookie, fileId, { values: { names: "Ana" } });
    for (const payload of [{}, { values: [] }, { values: "Ana" }, { values: null }, { values: {}, extra: 1 }]) {
      const response = await putDraft(family.cookie, fileId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(response).code).toBe("VALIDATION_ERROR");
    }
    const big = await putDraft(family.cookie, fileId, { values: { notes: "x".repeat(STEP_DRAFT_MAX_BYTES) } });
    expect(big.statusCode).toBe(400);
    // The test families speak Spanish.
    expect(errorOf(big).fields?.values).toBe("Lo escrito es demasiado largo para guardarlo como borrador");
    const unknownStep = await putDraft(family.cookie, fileId, { values: {} }, "nonsense");
    expect(unknownStep.statusCode).toBe(400);
    expect((await getDraft(family.cookie, fileId)).json()).toMatchObject({ values: { names: "Ana" } });
  });
});
