import { STEP_IDS } from "@portal/shared/enrollment-steps";
import type { RequestStatus } from "@portal/shared/request-status";
import { STAFF_EDITABLE_STEPS } from "@portal/shared/staff-modules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { minimalPdf } from "./support/documents.ts";
import { completeFile, uploadAs } from "./support/enrollment.ts";
import { call, createTestApp, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

let t: TestApp;
let secretaria: Awaited<ReturnType<typeof signedInAs>>;
let admin: Awaited<ReturnType<typeof signedInAs>>;
let consulta: Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  t = await createTestApp();
  secretaria = await signedInAs(t, "Secretaria", { language: "en" });
  admin = await signedInAs(t, "Admin", { language: "fr" });
  consulta = await signedInAs(t, "Consulta", { language: "en" });
});
afterAll(() => t.close());

/** A family's file filled in and sent through the real endpoints: its request, as staff find it. */
async function sentRequest() {
  const family = await signedInAs(t, "User");
  const fileId = await completeFile(t, family.cookie);
  const sent = await call(t, { method: "POST", url: `/api/enrollment/files/${fileId}/send`, cookie: family.cookie });
  if (sent.statusCode !== 200) throw new Error(`send failed: ${sent.body}`);
  const request = await t.ctx.db
    .selectFrom("requests")
    .selectAll()
    .where("file_id", "=", fileId)
    .executeTakeFirstOrThrow();
  return { family, fileId, id: request.id, code: request.code };
}

const getModule = (cookie: string | undefined, id: number | string) =>
  call(t, { method: "GET", url: `/api/requests/${id}/module`, cookie });
const getStep = (cookie: string | undefined, id: number | string, step: string) =>
  call(t, { method: "GET", url: `/api/requests/${id}/steps/${step}`, cookie });
const putStep = (cookie: string | undefined, id: number | string, step: string, payload: unknown) =>
  call(t, { method: "PUT", url: `/api/requests/${id}/steps/${step}`, cookie, payload: payload as object });

async function savedStep(fileId: number, step: string): Promise<Record<string, unknown>> {
  const row = await t.ctx.db
    .selectFrom("enrollment_steps")
    .select("data")
    .where("file_id", "=", fileId)
    .where("step", "=", step)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.data);
}

const requestRow = (id: number) =>
  t.ctx.db.selectFrom("requests").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

async function setStatus(id: number, status: RequestStatus) {
  await t.ctx.db.updateTable("requests").set({ request_status: status }).where("id", "=", id).execute();
}

const auditOf = (event: string, requestId: number) =>
  t.ctx.db
    .selectFrom("audit_events")
    .selectAll()
    .where("event", "=", event)
    .orderBy("id")
    .execute()
    .then((rows) => rows.filter((row) => JSON.parse(row.details ?? "{}").requestId === requestId));

describe("GET /api/requests/:id/module", () => {
  it("answers the request, what the caller may edit and the rules' inputs", async () => {
    const { id, fileId, code } = await sentRequest();
    const response = await getModule(secretaria.cookie, id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      requestId: id,
      code,
      status: "Untreated",
      version: 1,
      fileId,
      canManage: true,
      editableSteps: [...STAFF_EDITABLE_STEPS],
      context: { isNewStudent: true, requestedLevel: "CM2", familyChildrenThisYear: 1 },
    });
    expect(response.json().editableSteps).not.toContain("terms");
    expect(response.json().editableSteps).not.toContain("studentPhoto");

    const readOnly = await getModule(consulta.cookie, id);
    expect(readOnly.json()).toMatchObject({ canManage: false, editableSteps: [] });
  });

  it("offers nothing to edit on a closed request, and refuses one in process", async () => {
    const { id } = await sentRequest();
    await setStatus(id, "Finished");
    expect((await getModule(secretaria.cookie, id)).json()).toMatchObject({ canManage: true, editableSteps: [] });

    await setStatus(id, "InProcess");
    for (const response of [
      await getModule(secretaria.cookie, id),
      await getStep(secretaria.cookie, id, "studentFile"),
      await putStep(secretaria.cookie, id, "schoolTransport", { expectedVersion: 1, data: { wantsBus: false } }),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(errorOf(response)).toMatchObject({ code: "REQUEST_IN_PROCESS" });
      expect(errorOf(response).message).toContain("family");
    }
  });

  it("answers 404 REQUEST_NOT_FOUND for an unknown request and 400 for a malformed id", async () => {
    const unknown = await getModule(secretaria.cookie, 2_147_483_000);
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe("REQUEST_NOT_FOUND");
    for (const bad of ["abc", "0", "-1", "1.5"]) {
      expect((await getModule(secretaria.cookie, bad)).statusCode, bad).toBe(400);
    }
  });

  it("refuses families and Editor (403) and anonymous callers (401)", async () => {
    const { id, family } = await sentRequest();
    const editor = await signedInAs(t, "Editor");
    expect((await getModule(family.cookie, id)).statusCode).toBe(403);
    expect((await getModule(editor.cookie, id)).statusCode).toBe(403);
    expect((await getStep(family.cookie, id, "medicalRecord")).statusCode).toBe(403);
    expect((await getModule(undefined, id)).statusCode).toBe(401);
  });
});

describe("the family's file summary during a correction", () => {
  it("names the reopened steps while the family corrects, and nothing before or after", async () => {
    const { id, fileId, family } = await sentRequest();
    const summary = () => call(t, { method: "GET", url: `/api/enrollment/files/${fileId}`, cookie: family.cookie });
    expect((await summary()).json()).toMatchObject({ status: "sent", reopenedSteps: null });
    const asked = await call(t, {
      method: "POST",
      url: `/api/requests/${id}/actions`,
      cookie: secretaria.cookie,
      payload: { action: "requestCorrection", expectedVersion: 1, steps: ["schoolTransport"], message: "Bus?" },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await summary()).json()).toMatchObject({ status: "draft", reopenedSteps: ["schoolTransport"] });
    const saved = await call(t, {
      method: "PUT",
      url: `/api/enrollment/files/${fileId}/steps/schoolTransport`,
      cookie: family.cookie,
      payload: { wantsBus: false },
    });
    expect(saved.json()).toMatchObject({ reopenedSteps: ["schoolTransport"] });
    await call(t, { method: "POST", url: `/api/enrollment/files/${fileId}/send`, cookie: family.cookie });
    expect((await summary()).json()).toMatchObject({ status: "sent", reopenedSteps: null });
  });
});

describe("GET /api/requests/:id/steps/:step", () => {
  it("answers every step's saved data in the wizard's shape", async () => {
    const { id, fileId } = await sentRequest();
    for (const step of STEP_IDS) {
      const response = await getStep(consulta.cookie, id, step);
      expect(response.statusCode, step).toBe(200);
      expect(response.json(), step).toEqual({ step, data: await savedStep(fileId, step), completed: true });
    }
    expect((await getStep(consulta.cookie, id, "summary")).statusCode).toBe(400);
  });

  it("logs every view of the medical record: who, when, which student", async () => {
    const { id, fileId } = await sentRequest();
    const file = await t.ctx.db
      .selectFrom("enrollment_files")
      .selectAll()
      .where("id", "=", fileId)
      .executeTakeFirstOrThrow();
    await getStep(consulta.cookie, id, "studentFile");
    expect(await auditOf("medicalRecord.viewed", id)).toHaveLength(0);
    await getStep(consulta.cookie, id, "medicalRecord");
    await getStep(secretaria.cookie, id, "medicalRecord");
    const views = await auditOf("medicalRecord.viewed", id);
    expect(views.map((view) => view.actor_user_id)).toEqual([consulta.id, secretaria.id]);
    expect(JSON.parse(views[0]?.details ?? "{}")).toMatchObject({ requestId: id, studentId: file.student_id });
    expect(views[0]?.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });
});

describe("PUT /api/requests/:id/steps/:step", () => {
  it("saves a valid change, moves the version, updates the lists and audits each field before and after", async () => {
    const { id, fileId } = await sentRequest();
    const before = await savedStep(fileId, "studentFile");
    const data = { ...before, names: "Valentina Sofía", birthCity: "Cuenca" };
    const response = await putStep(secretaria.cookie, id, "studentFile", { expectedVersion: 1, data });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ version: 2, changedFields: 2 });

    expect(await savedStep(fileId, "studentFile")).toMatchObject({ names: "Valentina Sofía", birthCity: "Cuenca" });
    const row = await requestRow(id);
    expect(row.version).toBe(2);
    expect(row.student_name).toContain("Valentina Sofía");
    const student = await t.ctx.db
      .selectFrom("students")
      .innerJoin("enrollment_files", "enrollment_files.student_id", "students.id")
      .select("students.student_name")
      .where("enrollment_files.id", "=", fileId)
      .executeTakeFirstOrThrow();
    expect(student.student_name).toContain("Valentina Sofía");

    const [audit] = await auditOf("request.stepEdited", id);
    expect(audit?.actor_user_id).toBe(secretaria.id);
    expect(JSON.parse(audit?.details ?? "{}")).toMatchObject({
      step: "studentFile",
      version: 2,
      changes: [
        { field: "names", before: before.names, after: "Valentina Sofía" },
        { field: "birthCity", before: "Quito", after: "Cuenca" },
      ],
    });

    const list = await call(t, { method: "GET", url: "/api/requests?q=Valentina", cookie: secretaria.cookie });
    expect(list.json().items.map((item: { id: number }) => item.id)).toContain(id);
  });

  it("two staff saving the same record: the second gets 409 and nothing is overwritten", async () => {
    const { id, fileId } = await sentRequest();
    const base = await savedStep(fileId, "schoolTransport");
    const first = await putStep(secretaria.cookie, id, "schoolTransport", {
      expectedVersion: 1,
      data: { ...base, wantsBus: true, acceptsConditions: true },
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await putStep(admin.cookie, id, "schoolTransport", {
      expectedVersion: 1,
      data: { ...base, wantsBus: false },
    });
    expect(second.statusCode).toBe(409);
    expect(errorOf(second)).toMatchObject({ code: "VERSION_CONFLICT" });
    expect(errorOf(second).message).not.toBe(errorOf(second).code);
    expect(await savedStep(fileId, "schoolTransport")).toMatchObject({ wantsBus: true });
    expect((await requestRow(id)).version).toBe(2);
  });

  it("a status change in between also makes an old version a conflict", async () => {
    const { id } = await sentRequest();
    const accepted = await call(t, {
      method: "POST",
      url: `/api/requests/${id}/actions`,
      cookie: secretaria.cookie,
      payload: { action: "accept", expectedVersion: 1 },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const stale = await putStep(secretaria.cookie, id, "schoolTransport", {
      expectedVersion: 1,
      data: { wantsBus: false },
    });
    expect(errorOf(stale).code).toBe("VERSION_CONFLICT");
  });

  it("validates with the wizard's own rules, answering field messages in the caller's language", async () => {
    const { id, fileId } = await sentRequest();
    const student = await savedStep(fileId, "studentFile");
    const badCedula = await putStep(admin.cookie, id, "studentFile", {
      expectedVersion: 1,
      data: { ...student, typeIdentification: 1, documentNumber: "1710034066" },
    });
    expect(badCedula.statusCode).toBe(400);
    expect(errorOf(badCedula).code).toBe("VALIDATION_ERROR");
    expect(errorOf(badCedula).fields?.documentNumber).toBeTruthy();

    const transport = await putStep(secretaria.cookie, id, "schoolTransport", {
      expectedVersion: 1,
      data: { wantsBus: true },
    });
    expect(transport.statusCode).toBe(400);
    expect(Object.keys(errorOf(transport).fields ?? {})).toContain("acceptsConditions");

    const first = await savedStep(fileId, "firstRepresentative");
    const second = await savedStep(fileId, "secondRepresentative");
    const sameAsFirst = await putStep(secretaria.cookie, id, "secondRepresentative", {
      expectedVersion: 1,
      data: { ...second, documentNumber: first.documentNumber, typeIdentification: first.typeIdentification },
    });
    expect(sameAsFirst.statusCode).toBe(400);
    expect(errorOf(sameAsFirst).fields?.documentNumber).toMatch(/same identification/i);

    expect((await requestRow(id)).version).toBe(1);
    expect(await savedStep(fileId, "studentFile")).toEqual(student);
  });

  it("answers 400 on a malformed body, never 500", async () => {
    const { id } = await sentRequest();
    const bodies: unknown[] = [
      {},
      { data: {} },
      { expectedVersion: 1 },
      { expectedVersion: "1", data: {} },
      { expectedVersion: 0, data: {} },
      { expectedVersion: 1.5, data: {} },
      { expectedVersion: 1, data: [] },
      { expectedVersion: 1, data: "x" },
      { expectedVersion: 1, data: {}, extra: true },
      { expectedVersion: 1, data: { wantsBus: "yes" } },
      { expectedVersion: 1, data: { wantsBus: false, unknownField: 1 } },
    ];
    for (const body of bodies) {
      const response = await putStep(secretaria.cookie, id, "schoolTransport", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).code, JSON.stringify(body)).toBe("VALIDATION_ERROR");
    }
    const notJson = await call(t, {
      method: "PUT",
      url: `/api/requests/${id}/steps/schoolTransport`,
      cookie: secretaria.cookie,
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(notJson.statusCode).toBe(400);
    expect((await putStep(secretaria.cookie, id, "nope", { expectedVersion: 1, data: {} })).statusCode).toBe(400);
  });

  it("refuses uploads that are not the family's or not of the field's kind", async () => {
    const { id, fileId } = await sentRequest();
    const other = await signedInAs(t, "User");
    const otherFileId = await completeFile(t, other.cookie);
    const foreign = await uploadAs(
      t,
      other.cookie,
      otherFileId,
      "identityDocument",
      minimalPdf(),
      "x.pdf",
      "application/pdf",
    );
    const student = await savedStep(fileId, "studentFile");
    const stolen = await putStep(secretaria.cookie, id, "studentFile", {
      expectedVersion: 1,
      data: { ...student, identityDocumentFileId: foreign.json().id },
    });
    expect(stolen.statusCode).toBe(400);
    expect(errorOf(stolen).fields?.identityDocumentFileId).toBeTruthy();

    const medical = await savedStep(fileId, "medicalRecord");
    const wrongKind = await putStep(secretaria.cookie, id, "studentFile", {
      expectedVersion: 1,
      data: { ...student, identityDocumentFileId: medical.vaccinationBookletFileId },
    });
    expect(wrongKind.statusCode).toBe(400);
    expect(await savedStep(fileId, "studentFile")).toEqual(student);
  });

  it("changes the level of the file and of the lists with the enrollment year", async () => {
    const { id, fileId } = await sentRequest();
    const year = await savedStep(fileId, "enrollmentYear");
    const response = await putStep(secretaria.cookie, id, "enrollmentYear", {
      expectedVersion: 1,
      data: { ...year, levelCode: "CM1" },
    });
    expect(response.statusCode, response.body).toBe(200);
    const file = await t.ctx.db
      .selectFrom("enrollment_files")
      .selectAll()
      .where("id", "=", fileId)
      .executeTakeFirstOrThrow();
    expect(file.level_code).toBe("CM1");
    expect((await requestRow(id)).level_code).toBe("CM1");
  });

  it("a save that changes nothing writes nothing", async () => {
    const { id, fileId } = await sentRequest();
    const data = await savedStep(fileId, "academicHistory");
    const response = await putStep(secretaria.cookie, id, "academicHistory", { expectedVersion: 1, data });
    expect(response.json()).toEqual({ version: 1, changedFields: 0 });
    expect(await auditOf("request.stepEdited", id)).toHaveLength(0);
  });

  it("leaves the family's consents and a closed request alone", async () => {
    const { id, fileId } = await sentRequest();
    for (const step of ["terms", "studentPhoto"]) {
      const response = await putStep(secretaria.cookie, id, step, {
        expectedVersion: 1,
        data: await savedStep(fileId, step),
      });
      expect(response.statusCode, step).toBe(409);
      expect(errorOf(response).code, step).toBe("STEP_NOT_EDITABLE_BY_STAFF");
    }
    for (const status of ["Finished", "Refused", "Discontinued", "Cancelled"] as const) {
      await setStatus(id, status);
      const response = await putStep(secretaria.cookie, id, "schoolTransport", {
        expectedVersion: 1,
        data: { wantsBus: false },
      });
      expect(response.statusCode, status).toBe(409);
      expect(errorOf(response).code, status).toBe("REQUEST_CLOSED");
    }
    const closed = await putStep(secretaria.cookie, id, "schoolTransport", {
      expectedVersion: 1,
      data: { wantsBus: false },
    });
    expect(errorOf(closed).message).toContain("Cancelled");
  });

  it("is refused to Consulta, Editor and families (403) and to anonymous callers (401)", async () => {
    const { id, fileId, family } = await sentRequest();
    const editor = await signedInAs(t, "Editor");
    const body = { expectedVersion: 1, data: await savedStep(fileId, "schoolTransport") };
    for (const cookie of [consulta.cookie, editor.cookie, family.cookie]) {
      const response = await putStep(cookie, id, "schoolTransport", body);
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).code).toBe("FORBIDDEN");
    }
    expect((await putStep(undefined, id, "schoolTransport", body)).statusCode).toBe(401);
  });
});

describe("GET /api/requests/:id/uploads/:uploadId", () => {
  it("shows a file the record names inline, and nothing else", async () => {
    const { id, fileId } = await sentRequest();
    const student = await savedStep(fileId, "studentFile");
    const response = await call(t, {
      method: "GET",
      url: `/api/requests/${id}/uploads/${student.identityDocumentFileId}`,
      cookie: consulta.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(String(response.headers["content-disposition"])).toMatch(/^inline; filename=/);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    const other = await sentRequest();
    const otherStudent = await savedStep(other.fileId, "studentFile");
    const foreign = await call(t, {
      method: "GET",
      url: `/api/requests/${id}/uploads/${otherStudent.identityDocumentFileId}`,
      cookie: consulta.cookie,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("logs a view of a medical upload as a view of the medical record", async () => {
    const { id, fileId } = await sentRequest();
    const medical = await savedStep(fileId, "medicalRecord");
    const response = await call(t, {
      method: "GET",
      url: `/api/requests/${id}/uploads/${medical.vaccinationBookletFileId}`,
      cookie: secretaria.cookie,
    });
    expect(response.statusCode).toBe(200);
    const [view] = await auditOf("medicalRecord.viewed", id);
    expect(JSON.parse(view?.details ?? "{}")).toMatchObject({ uploadId: medical.vaccinationBookletFileId });
  });

  it("is refused to families and Editor (403)", async () => {
    const { id, fileId, family } = await sentRequest();
    const student = await savedStep(fileId, "studentFile");
    const editor = await signedInAs(t, "Editor");
    for (const cookie of [family.cookie, editor.cookie]) {
      const response = await call(t, {
        method: "GET",
        url: `/api/requests/${id}/uploads/${student.identityDocumentFileId}`,
        cookie,
      });
      expect(response.statusCode).toBe(403);
    }
  });
});
