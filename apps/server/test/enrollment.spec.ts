import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanPdf } from "../src/lib/pdf-clean.ts";
import { cedulaFor, minimalPdf, multipart, studentFileBody } from "./support/documents.ts";
import { insertPastFile, insertPastYear, startFile, uploadPdf } from "./support/enrollment.ts";
import { call, createTestApp, currentSchoolYearId, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function newFileWithDocument(cookie: string) {
  const started = await startFile(t, cookie);
  expect(started.statusCode).toBe(201);
  const fileId = started.json().id as number;
  const upload = await uploadPdf(t, cookie, fileId);
  expect(upload.statusCode).toBe(201);
  return { fileId, uploadId: upload.json().id as number, summary: started.json() };
}

const putStep = (cookie: string, fileId: number, step: string, payload: unknown) =>
  call(t, { method: "PUT", url: `/api/enrollment/files/${fileId}/steps/${step}`, cookie, payload: payload as object });

describe("a family's first enrollment", () => {
  it("starts a new student's file, saves the student file and opens the next step", async () => {
    const family = await signedInAs(t, "User");
    const { fileId, uploadId, summary } = await newFileWithDocument(family.cookie);
    expect(summary).toMatchObject({ isNewStudent: true, status: "draft", completedSteps: [], nextStep: "studentFile" });
    expect(summary.schoolYearId).toBe(await currentSchoolYearId(t));

    const saved = await putStep(family.cookie, fileId, "studentFile", studentFileBody(uploadId));
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      completedSteps: ["studentFile"],
      nextStep: "enrollmentYear",
      studentName: "Ana Lucía Pérez Loor",
    });

    const step = await call(t, {
      method: "GET",
      url: `/api/enrollment/files/${fileId}/steps/studentFile`,
      cookie: family.cookie,
    });
    expect(step.json()).toMatchObject({
      completed: true,
      data: { documentNumber: cedulaFor(uploadId), typeIdentification: 1 },
    });

    const cards = await call(t, { method: "GET", url: "/api/enrollment/cards", cookie: family.cookie });
    expect(cards.json()).toEqual([
      {
        studentId: summary.studentId,
        studentName: "Ana Lucía Pérez Loor",
        fileId,
        status: "inProgress",
        completedCount: 1,
        totalSteps: 12,
        nextStep: "enrollmentYear",
        requestStatus: null,
        correctionMessage: null,
        reopenedSteps: [],
        photoRejection: null,
      },
    ]);
  });

  it("opens steps in order and accepts any level for a new student", async () => {
    const family = await signedInAs(t, "User");
    const { fileId, uploadId } = await newFileWithDocument(family.cookie);
    const early = await putStep(family.cookie, fileId, "terms", {
      termsOfUse: true,
      dataUseAgreement: true,
      servicesContract: true,
    });
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).code).toBe("STEP_LOCKED");

    await putStep(family.cookie, fileId, "studentFile", studentFileBody(uploadId));
    const schoolYearId = await currentSchoolYearId(t);
    const otherYear = await putStep(family.cookie, fileId, "enrollmentYear", {
      schoolYearId: schoolYearId + 1,
      levelCode: "TLE",
    });
    expect(otherYear.statusCode).toBe(400);
    const year = await putStep(family.cookie, fileId, "enrollmentYear", { schoolYearId, levelCode: "TLE" });
    expect(year.statusCode).toBe(200);
    expect(year.json().nextStep).toBe("terms");
  });

  it("refuses an invalid step body with translated field errors and saves nothing", async () => {
    const family = await signedInAs(t, "User", { language: "en" });
    const { fileId, uploadId } = await newFileWithDocument(family.cookie);
    const bad = await putStep(
      family.cookie,
      fileId,
      "studentFile",
      studentFileBody(uploadId, { documentNumber: "1714307104" }),
    );
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).code).toBe("VALIDATION_ERROR");
    expect(errorOf(bad).fields?.documentNumber).toBeTruthy();
    expect(errorOf(bad).fields?.documentNumber).not.toMatch(/^validation/);
    const step = await call(t, {
      method: "GET",
      url: `/api/enrollment/files/${fileId}/steps/studentFile`,
      cookie: family.cookie,
    });
    expect(step.json()).toEqual({ step: "studentFile", data: null, completed: false, savedBy: null });
  });

  it("flags a Test account's students as test data", async () => {
    const tester = await signedInAs(t, "Prueba");
    const { summary } = await newFileWithDocument(tester.cookie);
    const row = await t.ctx.db
      .selectFrom("students")
      .select("is_test_data")
      .where("id", "=", summary.studentId)
      .executeTakeFirstOrThrow();
    expect(row.is_test_data).toBe(1);
  });
});

describe("another family's records", () => {
  it("are refused on every id: student, file, step, upload", async () => {
    const a = await signedInAs(t, "User");
    const b = await signedInAs(t, "User");
    const { fileId, uploadId, summary } = await newFileWithDocument(a.cookie);
    await putStep(a.cookie, fileId, "studentFile", studentFileBody(uploadId));

    const attempts = [
      await call(t, { method: "GET", url: `/api/enrollment/files/${fileId}`, cookie: b.cookie }),
      await call(t, { method: "GET", url: `/api/enrollment/files/${fileId}/steps/studentFile`, cookie: b.cookie }),
      await putStep(b.cookie, fileId, "studentFile", studentFileBody(uploadId)),
      await startFile(t, b.cookie, { studentId: summary.studentId }),
      await uploadPdf(t, b.cookie, fileId),
      await call(t, { method: "GET", url: `/api/enrollment/uploads/${uploadId}`, cookie: b.cookie }),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).code).toBe("NOT_YOUR_STUDENT");
    }
    expect(errorOf(attempts[0]!).message).toBe("No está autorizado a realizar modificaciones sobre este alumno");

    // B cannot point its own file at A's uploaded document either.
    const own = await newFileWithDocument(b.cookie);
    const borrowed = await putStep(b.cookie, own.fileId, "studentFile", studentFileBody(uploadId));
    expect(borrowed.statusCode).toBe(403);
    const cards = await call(t, { method: "GET", url: "/api/enrollment/cards", cookie: b.cookie });
    expect(cards.json().map((c: { fileId: number }) => c.fileId)).toEqual([own.fileId]);
  });

  it("are invisible to staff through the family endpoints", async () => {
    const staff = await signedInAs(t, "Secretaria");
    expect((await call(t, { method: "GET", url: "/api/enrollment/cards", cookie: staff.cookie })).statusCode).toBe(403);
  });
});

describe("uploads", () => {
  it("keeps a real PDF and gives it back to its family only", async () => {
    const family = await signedInAs(t, "User");
    const { fileId, uploadId } = await newFileWithDocument(family.cookie);
    const back = await call(t, { method: "GET", url: `/api/enrollment/uploads/${uploadId}`, cookie: family.cookie });
    expect(back.statusCode).toBe(200);
    expect(back.headers["content-type"]).toBe("application/pdf");
    // What was uploaded, rebuilt without active content: the cleaner's own output.
    expect(back.rawPayload.equals((await cleanPdf(minimalPdf()))!)).toBe(true);
    expect(fileId).toBeGreaterThan(0);
  });

  it("refuses what is not a PDF, whatever its name says, and anything over 5 MB", async () => {
    const family = await signedInAs(t, "User");
    const { fileId } = await newFileWithDocument(family.cookie);
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    const fakes = [
      png,
      Buffer.from("just some text pretending to be a pdf"),
      // PDF magic bytes in front of something that does not parse as a PDF.
      Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.from("<script>alert(1)</script>")]),
    ];
    for (const content of fakes) {
      const response = await uploadPdf(t, family.cookie, fileId, content);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe("UPLOAD_NOT_PDF");
    }
    const big = Buffer.concat([minimalPdf(), Buffer.alloc(5 * 1024 * 1024 + 10, 0x20)]);
    const tooBig = await uploadPdf(t, family.cookie, fileId, big);
    expect(tooBig.statusCode).toBe(413);
    expect(errorOf(tooBig).code).toBe("UPLOAD_TOO_LARGE");
    const kept = await t.ctx.db.selectFrom("uploads").select("id").where("file_id", "=", fileId).execute();
    expect(kept).toHaveLength(1);
  });

  it("refuses an unknown kind, a missing file part and a JSON body", async () => {
    const family = await signedInAs(t, "User");
    const { fileId } = await newFileWithDocument(family.cookie);
    const kind = await call(t, {
      method: "POST",
      url: `/api/enrollment/files/${fileId}/uploads?kind=selfie`,
      cookie: family.cookie,
      ...multipart(minimalPdf()),
    });
    expect(errorOf(kind).code).toBe("VALIDATION_ERROR");
    const json = await call(t, {
      method: "POST",
      url: `/api/enrollment/files/${fileId}/uploads?kind=identityDocument`,
      cookie: family.cookie,
      payload: { file: "x" },
    });
    expect(json.statusCode).toBe(415);
  });
});

describe("re-enrollment", () => {
  it("prefills from the latest file as drafts and offers only the next level", async () => {
    const family = await signedInAs(t, "User");
    const first = await newFileWithDocument(family.cookie);
    const pastYear = await insertPastYear(t);
    // The student was in CM2 last year: move this year's file aside and give them a past one.
    await t.ctx.db.deleteFrom("enrollment_files").where("id", "=", first.fileId).execute();
    await insertPastFile(t, {
      studentId: first.summary.studentId,
      schoolYearId: pastYear,
      levelCode: "CM2",
      studentFile: studentFileBody(first.uploadId),
    });

    const again = await startFile(t, family.cookie, { studentId: first.summary.studentId });
    expect(again.statusCode).toBe(201);
    const summary = again.json();
    expect(summary).toMatchObject({ isNewStudent: false, completedSteps: [], nextStep: "studentFile" });
    const prefilled = await call(t, {
      method: "GET",
      url: `/api/enrollment/files/${summary.id}/steps/studentFile`,
      cookie: family.cookie,
    });
    expect(prefilled.json()).toMatchObject({
      completed: false,
      data: { names: "Ana Lucía", documentNumber: cedulaFor(first.uploadId) },
    });

    const same = await startFile(t, family.cookie, { studentId: first.summary.studentId });
    expect(same.statusCode).toBe(200);
    expect(same.json().id).toBe(summary.id);

    await putStep(family.cookie, summary.id, "studentFile", prefilled.json().data);
    const schoolYearId = await currentSchoolYearId(t);
    const skip = await putStep(family.cookie, summary.id, "enrollmentYear", { schoolYearId, levelCode: "5E" });
    expect(skip.statusCode).toBe(400);
    expect(errorOf(skip).fields?.levelCode).toBeTruthy();
    const next = await putStep(family.cookie, summary.id, "enrollmentYear", { schoolYearId, levelCode: "6E" });
    expect(next.statusCode).toBe(200);
  });
});
