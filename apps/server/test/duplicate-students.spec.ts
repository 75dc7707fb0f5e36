import { checkBirthDate } from "@portal/shared/rules/birth-date-plausibility";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isUniqueViolation } from "../src/db/unique-violation.ts";
import { familyIdentityRefusal } from "../src/modules/enrollment/student-identity.service.ts";
import { cedulaFor, everyStepBody, minimalPdf, studentFileBody } from "./support/documents.ts";
import { completeFile, jpegPhoto, startFile, uploadAs, uploadPdf } from "./support/enrollment.ts";
import { insertStudentRow } from "./support/students.ts";
import { call, createTestApp, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

/**
 * A student's identification is unique in the school (spec 5 "Duplicates: same
 * identification exists"). Another family's student: refused without a word about that student
 * or family, and flagged to the staff. The family's own student: offered instead.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Family = Awaited<ReturnType<typeof signedInAs>>;

const stepUrl = (fileId: number, step: string) => `/api/enrollment/files/${fileId}/steps/${step}`;
const putStep = (cookie: string, fileId: number, step: string, payload: unknown) =>
  call(t, { method: "PUT", url: stepUrl(fileId, step), cookie, payload: payload as object });

/** A family's new file ("+") with an uploaded identity document: the file and the upload's id. */
async function newFile(family: Family) {
  const started = await startFile(t, family.cookie);
  expect(started.statusCode, started.body).toBe(201);
  const fileId = started.json().id as number;
  const upload = await uploadPdf(t, family.cookie, fileId);
  expect(upload.statusCode, upload.body).toBe(201);
  return { fileId, studentId: started.json().studentId as number, uploadId: upload.json().id as number };
}

/** A family whose student (with a name no other test uses) holds the cédula made from its upload. */
async function familyWithStudent(language = "es") {
  const family = await signedInAs(t, "User", { language });
  const file = await newFile(family);
  const documentNumber = cedulaFor(file.uploadId);
  const saved = await putStep(
    family.cookie,
    file.fileId,
    "studentFile",
    studentFileBody(file.uploadId, { names: "Zoé Inés", firstName: "Quintana", secondName: "Ribadeneira" }),
  );
  expect(saved.statusCode, saved.body).toBe(200);
  return { family, ...file, documentNumber };
}

async function attemptsOn(studentId: number) {
  return t.ctx.db
    .selectFrom("duplicate_student_attempts")
    .select(["family_user_id", "attempted_file_id", "attempts"])
    .where("student_id", "=", studentId)
    .orderBy("family_user_id")
    .execute();
}

async function studentNumber(studentId: number): Promise<string> {
  const row = await t.ctx.db
    .selectFrom("students")
    .select("document_number")
    .where("id", "=", studentId)
    .executeTakeFirstOrThrow();
  return row.document_number;
}

/** Every data step of a file saved (the studentFile step's values changed by `student`), then sent. */
async function sendFile(family: Family, fileId: number, student: Record<string, unknown> = {}) {
  const summary = await call(t, { method: "GET", url: `/api/enrollment/files/${fileId}`, cookie: family.cookie });
  const upload = async (kind: string, photo: boolean) => {
    const response = photo
      ? await uploadAs(t, family.cookie, fileId, kind, await jpegPhoto(), `${kind}.jpg`, "image/jpeg")
      : await uploadAs(t, family.cookie, fileId, kind, minimalPdf(), `${kind}.pdf`, "application/pdf");
    return response.json().id as number;
  };
  const bodies = await everyStepBody({
    schoolYearId: summary.json().schoolYearId,
    pdf: (kind) => upload(kind, false),
    photo: (kind) => upload(kind, true),
  });
  for (const [step, body] of bodies) {
    const payload = step === "studentFile" ? { ...(body as object), ...student } : body;
    const saved = await putStep(family.cookie, fileId, step, payload);
    expect(saved.statusCode, `${step}: ${saved.body}`).toBe(200);
  }
  const sent = await call(t, { method: "POST", url: `/api/enrollment/files/${fileId}/send`, cookie: family.cookie });
  expect(sent.statusCode, sent.body).toBe(200);
  const request = await t.ctx.db
    .selectFrom("requests")
    .select("id")
    .where("file_id", "=", fileId)
    .executeTakeFirstOrThrow();
  return request.id;
}

describe("another family's student", () => {
  it("is refused with the spec's message, says nothing of that student or family, and saves nothing", async () => {
    const holder = await familyWithStudent();
    const other = await signedInAs(t, "User");
    const file = await newFile(other);

    const refused = await putStep(
      other.cookie,
      file.fileId,
      "studentFile",
      studentFileBody(file.uploadId, { documentNumber: holder.documentNumber }),
    );
    expect(refused.statusCode).toBe(409);
    const error = errorOf(refused);
    expect(error.code).toBe("DUPLICATE_STUDENT");
    expect(error.message).toBe(
      "Ya existe un alumno registrado con la misma identificación. Si cree que se trata de un error, comuníquese con la secretaría del colegio.",
    );
    // Under the document number, where the form shows it.
    expect(error.fields).toEqual({ documentNumber: error.message });
    // Nothing of the other family: no name, e-mail, id, nor a way to reach its student.
    for (const secret of ["Zoé", "Quintana", holder.family.email, String(holder.studentId), String(holder.fileId)]) {
      expect(refused.body).not.toContain(secret);
    }
    expect(refused.json().error.details).toBeUndefined();

    // Nothing saved: the step is still empty, the student still without identification.
    const step = await call(t, { method: "GET", url: stepUrl(file.fileId, "studentFile"), cookie: other.cookie });
    expect(step.json()).toMatchObject({ data: null, completed: false });
    expect(await studentNumber(file.studentId)).toBe("");
    expect(await studentNumber(holder.studentId)).toBe(holder.documentNumber);
  });

  it("answers in the family's language", async () => {
    const holder = await familyWithStudent();
    for (const [language, text] of [
      ["en", "A student with the same identification is already registered."],
      ["fr", "Un élève ayant la même identification est déjà inscrit."],
    ] as const) {
      const other = await signedInAs(t, "User", { language });
      const file = await newFile(other);
      const refused = await putStep(
        other.cookie,
        file.fileId,
        "studentFile",
        studentFileBody(file.uploadId, { documentNumber: holder.documentNumber }),
      );
      expect(errorOf(refused).code).toBe("DUPLICATE_STUDENT");
      expect(errorOf(refused).message).toContain(text);
    }
  });

  it("is flagged to the staff: one counted entry per account, an audit event with ids only, on the request page", async () => {
    const holder = await familyWithStudent();
    const other = await signedInAs(t, "User");
    const file = await newFile(other);
    const body = studentFileBody(file.uploadId, { documentNumber: holder.documentNumber });
    expect((await putStep(other.cookie, file.fileId, "studentFile", body)).statusCode).toBe(409);
    expect((await putStep(other.cookie, file.fileId, "studentFile", body)).statusCode).toBe(409);

    expect(await attemptsOn(holder.studentId)).toEqual([
      { family_user_id: other.id, attempted_file_id: file.fileId, attempts: 2 },
    ]);
    const events = await t.ctx.db
      .selectFrom("audit_events")
      .select(["actor_user_id", "subject_user_id", "details"])
      .where("event", "=", "enrollment.duplicateStudent.refused")
      .where("actor_user_id", "=", other.id)
      .execute();
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ actor_user_id: other.id, subject_user_id: holder.family.id });
    expect(JSON.parse(events[0]?.details ?? "{}")).toEqual({
      fileId: file.fileId,
      studentId: file.studentId,
      holderStudentId: holder.studentId,
    });
    expect(events[0]?.details).not.toContain(holder.documentNumber);

    // The holder's file, once sent, shows the attempts on its request page to every inscriptions role.
    const requestId = await sendFile(holder.family, holder.fileId);
    for (const role of ["Secretaria", "Consulta", "Admin"] as const) {
      const staff = await signedInAs(t, role);
      const detail = await call(t, { method: "GET", url: `/api/requests/${requestId}`, cookie: staff.cookie });
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json().checks.duplicateAttempts).toEqual([
        {
          family: { id: other.id, name: "Ana Lucía Pérez Gómez", email: other.email },
          attempts: 2,
          firstAt: expect.any(String),
          lastAt: expect.any(String),
        },
      ]);
    }
    // The family that tried cannot open the request; nor can the Editor (not an inscriptions role).
    expect((await call(t, { method: "GET", url: `/api/requests/${requestId}`, cookie: other.cookie })).statusCode).toBe(
      403,
    );
    const editor = await signedInAs(t, "Editor");
    expect(
      (await call(t, { method: "GET", url: `/api/requests/${requestId}`, cookie: editor.cookie })).statusCode,
    ).toBe(403);
  });

  it("lets exactly one of several families saving the same number at once have it", async () => {
    const families = await Promise.all([1, 2, 3, 4].map(() => signedInAs(t, "User")));
    const files: Awaited<ReturnType<typeof newFile>>[] = [];
    for (const family of families) files.push(await newFile(family));
    const number = cedulaFor(files[0]!.uploadId);
    const answers = await Promise.all(
      families.map((family, i) =>
        putStep(
          family.cookie,
          files[i]!.fileId,
          "studentFile",
          studentFileBody(files[i]!.uploadId, { documentNumber: number }),
        ),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(answers.filter((answer) => answer.statusCode === 409).map((answer) => errorOf(answer).code)).toEqual([
      "DUPLICATE_STUDENT",
      "DUPLICATE_STUDENT",
      "DUPLICATE_STUDENT",
    ]);
    const holders = await t.ctx.db.selectFrom("students").select("id").where("document_number", "=", number).execute();
    expect(holders).toHaveLength(1);
    const winner = files.find((file) => file.studentId === holders[0]!.id)!;
    const losers = families.filter((_, i) => files[i] !== winner).map((family) => family.id);
    expect((await attemptsOn(winner.studentId)).map((a) => [a.family_user_id, a.attempts])).toEqual(
      losers.sort((a, b) => a - b).map((id) => [id, 1]),
    );
  });

  it("answers a lost race (the index's unique violation) like the check's refusal, and flags it", async () => {
    const holder = await familyWithStudent();
    const other = await signedInAs(t, "User");
    const file = await newFile(other);
    const student = { id: file.studentId, family_user_id: other.id };
    const attempt = { lang: "fr" as const, ip: "10.0.0.9", student, fileId: file.fileId };
    // What PostgreSQL throws when the winner committed between this save's check and its write.
    const lost = Object.assign(new Error("duplicate key value violates unique constraint"), { code: "23505" });
    const answer = await familyIdentityRefusal(t.ctx, lost, { ...attempt, documentNumber: holder.documentNumber });
    expect(answer).toMatchObject({ statusCode: 409, code: "DUPLICATE_STUDENT" });
    expect(await attemptsOn(holder.studentId)).toEqual([
      { family_user_id: other.id, attempted_file_id: file.fileId, attempts: 1 },
    ]);
    // Any other failure, or a violation on a number nobody holds, comes back as it was.
    const other500 = new Error("disk I/O error");
    expect(await familyIdentityRefusal(t.ctx, other500, { ...attempt, documentNumber: holder.documentNumber })).toBe(
      other500,
    );
    expect(await familyIdentityRefusal(t.ctx, lost, { ...attempt, documentNumber: cedulaFor(file.uploadId) })).toBe(
      lost,
    );
  });

  it("is also what the database refuses, whoever writes: empty numbers and duplicates from before the rule aside", async () => {
    const holder = await familyWithStudent();
    const family = await signedInAs(t, "User");
    const row = await insertStudentRow(t, { familyId: family.id, name: "Direct Write" });
    const write = t.ctx.db
      .updateTable("students")
      .set({ document_number: holder.documentNumber })
      .where("id", "=", row.id)
      .execute();
    const failure = await write.then(
      () => null,
      (error: unknown) => error,
    );
    expect(isUniqueViolation(failure)).toBe(true);
    // Students who have not saved step 2 yet share the empty number.
    await newFile(family);
    await newFile(family);
    // A row marked as a duplicate from before the rule (migration 0024) is left out of the index.
    await t.ctx.db
      .updateTable("students")
      .set({ document_number: holder.documentNumber, legacy_duplicate: 1 })
      .where("id", "=", row.id)
      .execute();
    expect(await studentNumber(row.id)).toBe(holder.documentNumber);
  });

  it("frees a number its student gave up, and refuses a staff edit to a number another student holds", async () => {
    const holder = await familyWithStudent();
    const old = holder.documentNumber;
    // The family corrects its child's number: the old one is free for the family it really belongs to.
    const fresh = await uploadPdf(t, holder.family.cookie, holder.fileId);
    const corrected = await putStep(
      holder.family.cookie,
      holder.fileId,
      "studentFile",
      studentFileBody(fresh.json().id, { documentNumber: cedulaFor(fresh.json().id) }),
    );
    expect(corrected.statusCode, corrected.body).toBe(200);
    const other = await signedInAs(t, "User");
    const file = await newFile(other);
    const taken = await putStep(
      other.cookie,
      file.fileId,
      "studentFile",
      studentFileBody(file.uploadId, { documentNumber: old, names: "Mía" }),
    );
    expect(taken.statusCode, taken.body).toBe(200);

    // Staff editing a sent record to that number: refused, naming the student (staff see every record).
    const requestId = await sendFile(holder.family, holder.fileId, { documentNumber: cedulaFor(fresh.json().id) });
    const secretaria = await signedInAs(t, "Secretaria");
    const url = `/api/requests/${requestId}/steps/studentFile`;
    const current = (await call(t, { method: "GET", url, cookie: secretaria.cookie })).json().data;
    const version = (
      await call(t, { method: "GET", url: `/api/requests/${requestId}`, cookie: secretaria.cookie })
    ).json().version as number;
    const refused = await call(t, {
      method: "PUT",
      url,
      cookie: secretaria.cookie,
      payload: { expectedVersion: version, data: { ...current, documentNumber: old } },
    });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({
      code: "STUDENT_IDENTIFICATION_TAKEN",
      message: "Otro alumno ya tiene esta identificación: Mía Pérez Loor.",
    });
    expect(await studentNumber(holder.studentId)).toBe(cedulaFor(fresh.json().id));
    // Staff are not flagged as duplicate attempts.
    expect(await attemptsOn(file.studentId)).toEqual([]);
    // Saving the record with its own number changes nothing about uniqueness.
    const same = await call(t, {
      method: "PUT",
      url,
      cookie: secretaria.cookie,
      payload: { expectedVersion: version, data: { ...current, usualName: "Zoé" } },
    });
    expect(same.statusCode, same.body).toBe(200);
  });
});

describe("the family's own student", () => {
  it("is offered instead: 409 naming it with its id, no flag; the blank new file can be dropped", async () => {
    const holder = await familyWithStudent();
    const second = await newFile(holder.family);
    const answer = await putStep(
      holder.family.cookie,
      second.fileId,
      "studentFile",
      studentFileBody(second.uploadId, { documentNumber: holder.documentNumber }),
    );
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error).toEqual({
      code: "STUDENT_ALREADY_IN_FAMILY",
      message: "Este alumno ya está registrado en su familia: Zoé Inés Quintana Ribadeneira.",
      fields: { documentNumber: expect.stringContaining("Zoé Inés Quintana Ribadeneira") },
      details: { studentId: holder.studentId, name: "Zoé Inés Quintana Ribadeneira" },
    });
    expect(await attemptsOn(holder.studentId)).toEqual([]);

    // "Continue with Zoé": her file of this year, then the blank new file dropped.
    const existing = await startFile(t, holder.family.cookie, { studentId: holder.studentId });
    expect(existing.statusCode).toBe(200);
    expect(existing.json().id).toBe(holder.fileId);
    const dropped = await call(t, {
      method: "DELETE",
      url: `/api/enrollment/files/${second.fileId}`,
      cookie: holder.family.cookie,
    });
    expect(dropped.statusCode, dropped.body).toBe(204);
    const gone = await call(t, {
      method: "GET",
      url: `/api/enrollment/files/${second.fileId}`,
      cookie: holder.family.cookie,
    });
    expect(gone.statusCode).toBe(404);
    const cards = await call(t, { method: "GET", url: "/api/enrollment/cards", cookie: holder.family.cookie });
    expect(cards.json().map((card: { studentId: number }) => card.studentId)).toEqual([holder.studentId]);
    // The family's upload stays the family's.
    const upload = await call(t, {
      method: "GET",
      url: `/api/enrollment/uploads/${second.uploadId}`,
      cookie: holder.family.cookie,
    });
    expect(upload.statusCode).toBe(200);
  });

  it("drops only a blank new file of the family's own: not one further along, not a sent one, not another family's", async () => {
    const holder = await familyWithStudent();
    const url = (fileId: number) => `/api/enrollment/files/${fileId}`;
    const drop = (cookie: string, fileId: number) => call(t, { method: "DELETE", url: url(fileId), cookie });

    const further = await drop(holder.family.cookie, holder.fileId);
    expect(further.statusCode).toBe(409);
    expect(errorOf(further).code).toBe("FILE_NOT_DISCARDABLE");

    const blank = await newFile(holder.family);
    const stranger = await signedInAs(t, "User");
    const foreign = await drop(stranger.cookie, blank.fileId);
    expect(foreign.statusCode).toBe(403);
    expect(errorOf(foreign).code).toBe("NOT_YOUR_STUDENT");
    const secretaria = await signedInAs(t, "Secretaria");
    expect((await drop(secretaria.cookie, blank.fileId)).statusCode).toBe(403);
    expect((await drop(holder.family.cookie, 2_000_000_000)).statusCode).toBe(404);
    const badId = await call(t, { method: "DELETE", url: "/api/enrollment/files/abc", cookie: holder.family.cookie });
    expect(badId.statusCode).toBe(400);
    expect(errorOf(badId).code).toBe("VALIDATION_ERROR");
    expect((await call(t, { method: "GET", url: url(blank.fileId), cookie: holder.family.cookie })).statusCode).toBe(
      200,
    );

    const sent = await signedInAs(t, "User");
    const sentFileId = await completeFile(t, sent.cookie);
    expect((await call(t, { method: "POST", url: `${url(sentFileId)}/send`, cookie: sent.cookie })).statusCode).toBe(
      200,
    );
    const locked = await drop(sent.cookie, sentFileId);
    expect(locked.statusCode).toBe(409);
    expect(errorOf(locked).code).toBe("FILE_LOCKED");
  });
});

describe("a birth date far from the level's usual age", () => {
  it("is saved (never refused) and shown to the staff on the request page, with how far it is", async () => {
    const family = await signedInAs(t, "User");
    const file = await newFile(family);
    const year = await t.ctx.db
      .selectFrom("enrollment_files as f")
      .innerJoin("school_years as y", "y.id", "f.school_year_id")
      .select("y.starts_on")
      .where("f.id", "=", file.fileId)
      .executeTakeFirstOrThrow();
    // A child born four years after the usual CM2 cohort (the tests' level).
    const birthDate = `${Number(year.starts_on.slice(0, 4)) - 10 + 4}-02-01`;
    const context = await call(t, {
      method: "GET",
      url: `/api/enrollment/files/${file.fileId}/context`,
      cookie: family.cookie,
    });
    expect(context.json().schoolYearStartsOn).toBe(year.starts_on);

    const requestId = await sendFile(family, file.fileId, { birthDate });
    const expected = checkBirthDate({ birthDate, level: "CM2", schoolYearStartsOn: year.starts_on });
    expect(expected).toMatchObject({ plausible: false, yearsOff: -4 });
    const secretaria = await signedInAs(t, "Secretaria");
    const detail = await call(t, { method: "GET", url: `/api/requests/${requestId}`, cookie: secretaria.cookie });
    expect(detail.json().checks).toMatchObject({
      birthDate: { birthDate, levelCode: "CM2", usualBirthYear: expected?.usualBirthYear, yearsOff: -4 },
      duplicateAttempts: [],
    });
  });

  it("a usual one shows nothing", async () => {
    const family = await signedInAs(t, "User");
    const file = await newFile(family);
    const requestId = await sendFile(family, file.fileId);
    const secretaria = await signedInAs(t, "Secretaria");
    const detail = await call(t, { method: "GET", url: `/api/requests/${requestId}`, cookie: secretaria.cookie });
    expect(detail.json().checks).toMatchObject({ birthDate: null, duplicateAttempts: [] });
  });
});

describe("the last level attended", () => {
  it("is chosen from the level list; an answer typed before the list is kept as it is", async () => {
    const family = await signedInAs(t, "User");
    const fileId = await completeFile(t, family.cookie);
    const url = stepUrl(fileId, "academicHistory");
    const history = {
      previousLevel: "CM1",
      repeatingClass: false,
      institutionCountry: "EC",
      institutionName: "Unidad Educativa Santa Ana",
      aefeAccredited: false,
    };
    expect((await call(t, { method: "PUT", url, cookie: family.cookie, payload: history })).statusCode).toBe(200);
    const typed = await call(t, {
      method: "PUT",
      url,
      cookie: family.cookie,
      payload: { ...history, previousLevel: "5.º EGB" },
    });
    expect(typed.statusCode).toBe(400);
    expect(errorOf(typed).fields?.previousLevel).toBe("Elija un nivel de la lista");

    // A file saved before the list holds free text: saving it again keeps it, another text is refused.
    await t.ctx.db
      .updateTable("enrollment_steps")
      .set({ data: JSON.stringify({ ...history, previousLevel: "5.º EGB" }) })
      .where("file_id", "=", fileId)
      .where("step", "=", "academicHistory")
      .execute();
    const kept = await call(t, {
      method: "PUT",
      url,
      cookie: family.cookie,
      payload: { ...history, previousLevel: "5.º EGB" },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const other = await call(t, {
      method: "PUT",
      url,
      cookie: family.cookie,
      payload: { ...history, previousLevel: "6.º EGB" },
    });
    expect(other.statusCode).toBe(400);
  });
});
