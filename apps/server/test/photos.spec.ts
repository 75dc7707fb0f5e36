import { createHash, randomUUID } from "node:crypto";
import type { Role } from "@portal/shared/roles";
import { MAX_PHOTO_REJECTION_REASON_LENGTH } from "@portal/shared/schemas/photos";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completeFile, jpegPhoto, uploadAs } from "./support/enrollment.ts";
import type { ReceivedMail } from "./support/smtp.ts";
import { call, createTestApp, createUser, errorOf, loginAs, TEST_PASSWORD, type TestApp } from "./support/test-app.ts";
import { insertSentRequest } from "./support/workflow.ts";

let t: TestApp;
/** A school year of this spec's own (open for enrollment): the shared database holds other specs' requests. */
let yearId: number;
let secretaria: Signed;
let admin: Signed;
let consulta: Signed;
let editor: Signed;

type Signed = Awaited<ReturnType<typeof signedIn>>;

async function loginFor(email: string): Promise<string> {
  return loginAs(t, email, TEST_PASSWORD, yearId);
}

async function signedIn(role: Role, language = "en") {
  const user = await createUser(t, { role, language });
  return { ...user, cookie: await loginFor(user.email) };
}

beforeAll(async () => {
  t = await createTestApp();
  yearId = 3_000_000 + Math.floor(Math.random() * 1_000_000);
  await t.ctx.db
    .insertInto("school_years")
    .values({
      id: yearId,
      label: `photos-${randomUUID().slice(0, 8)}`,
      starts_on: "2026-09-01",
      ends_on: "2027-07-15",
      is_current: 0,
      enrollment_open: 1,
    })
    .execute();
  [secretaria, admin, consulta, editor] = await Promise.all([
    signedIn("Secretaria"),
    signedIn("Admin"),
    signedIn("Consulta"),
    signedIn("Editor"),
  ]);
});
afterAll(() => t.close());

/** A file filled in through the real endpoints, the student named `<names> <surname>`, then sent. */
async function sendFile(family: Signed, names: string, surname = "Photo") {
  const fileId = await completeFile(t, family.cookie);
  const stepUrl = `/api/enrollment/files/${fileId}/steps/studentFile`;
  const studentFile = (await call(t, { method: "GET", url: stepUrl, cookie: family.cookie })).json().data;
  const renamed = await call(t, {
    method: "PUT",
    url: stepUrl,
    cookie: family.cookie,
    payload: { ...studentFile, names, firstName: surname, secondName: "" },
  });
  if (renamed.statusCode !== 200) throw new Error(`rename: ${renamed.body}`);
  const sent = await call(t, { method: "POST", url: `/api/enrollment/files/${fileId}/send`, cookie: family.cookie });
  if (sent.statusCode !== 200) throw new Error(`send: ${sent.body}`);
  // The "enrollment received" mail is out before the test counts the family's mails.
  await t.ctx.outbox.deliverDue();
  const request = await t.ctx.db
    .selectFrom("requests")
    .selectAll()
    .where("file_id", "=", fileId)
    .executeTakeFirstOrThrow();
  return { fileId, requestId: request.id, code: request.code, photoUploadId: await photoIdOf(fileId) };
}

async function photoIdOf(fileId: number): Promise<number> {
  const step = await t.ctx.db
    .selectFrom("enrollment_steps")
    .select("data")
    .where("file_id", "=", fileId)
    .where("step", "=", "studentPhoto")
    .executeTakeFirstOrThrow();
  return JSON.parse(step.data).photoFileId as number;
}

const requestRow = (id: number) =>
  t.ctx.db.selectFrom("requests").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

const list = (cookie: string | undefined, query = "") => call(t, { method: "GET", url: `/api/photos${query}`, cookie });
const image = (cookie: string | undefined, id: number | string) =>
  call(t, { method: "GET", url: `/api/photos/${id}/image`, cookie });
const review = (cookie: string | undefined, id: number | string, payload: unknown) =>
  call(t, { method: "POST", url: `/api/photos/${id}/review`, cookie, payload: payload as object });
const replace = (cookie: string | undefined, fileId: number | string, payload: unknown) =>
  call(t, { method: "PUT", url: `/api/enrollment/files/${fileId}/photo`, cookie, payload: payload as object });
const cards = async (family: Signed) =>
  (await call(t, { method: "GET", url: "/api/enrollment/cards", cookie: family.cookie })).json() as {
    fileId: number;
    photoRejection: { reason: string } | null;
  }[];

async function uploadPhoto(family: Signed, fileId: number, kind = "studentPhoto") {
  return uploadAs(
    t,
    family.cookie,
    fileId,
    kind,
    await jpegPhoto({ width: 900, height: 700 }),
    "new.jpg",
    "image/jpeg",
  );
}

/** The newest mail to `to` whose subject contains `subject` (the send's own mail goes there too). */
async function mailTo(to: string, subject: string, timeoutMs = 5000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = t.mails.filter((mail) => mail.to.includes(to) && mail.subject.includes(subject)).at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no e-mail "${subject}" to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const auditOf = (requestId: number, event: string) =>
  t.ctx.db
    .selectFrom("audit_events")
    .selectAll()
    .where("event", "=", event)
    .execute()
    .then((rows) => rows.filter((row) => JSON.parse(row.details ?? "{}").requestId === requestId));

describe("the photos grid and its filters", () => {
  const tag = `Ph${randomUUID()
    .replace(/[^a-f]/g, "")
    .slice(0, 6)}`;
  let anna: Awaited<ReturnType<typeof sendFile>>;
  let bruno: Awaited<ReturnType<typeof sendFile>>;
  let carla: Awaited<ReturnType<typeof sendFile>>;
  let dario: Awaited<ReturnType<typeof sendFile>>;

  beforeAll(async () => {
    const one = await signedIn("User");
    const two = await signedIn("User");
    const tester = await signedIn("Prueba");
    anna = await sendFile(one, "Anna", tag);
    bruno = await sendFile(two, "Bruno", tag);
    carla = await sendFile(tester, "Carla", tag);
    dario = await sendFile(one, "Dario", tag);
    // Bruno's photo approved; Dario's file back with the family (a correction): not in the grid.
    await t.ctx.db
      .updateTable("requests")
      .set({ photo_status: "approved" })
      .where("id", "=", bruno.requestId)
      .execute();
    await t.ctx.db
      .updateTable("requests")
      .set({ request_status: "InProcess" })
      .where("id", "=", dario.requestId)
      .execute();
    // A file started and never sent has no request: nothing to show.
    await completeFile(t, two.cookie);
  });

  const names = (body: { items: { studentName: string }[] }) => body.items.map((item) => item.studentName);

  it("lists the year's sent requests by student name, every status by default, test data left out", async () => {
    const response = await list(secretaria.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(names(body)).toEqual([`Anna ${tag}`, `Bruno ${tag}`]);
    expect(body).toMatchObject({ total: 2, page: 1, pageSize: 25, canReview: true });
    expect(body.items[0]).toEqual({
      id: anna.requestId,
      code: anna.code,
      studentName: `Anna ${tag}`,
      levelCode: expect.any(String),
      requestStatus: "Untreated",
      photoStatus: "pending",
      photoRejectionReason: null,
      photoReviewedAt: null,
      photoUploadId: anna.photoUploadId,
      version: 1,
      isTestData: false,
    });
    expect(body.items[1]).toMatchObject({ id: bruno.requestId, photoStatus: "approved" });
  });

  it("filters by photo status, test data and search, and pages", async () => {
    expect(names((await list(secretaria.cookie, "?photoStatus=pending")).json())).toEqual([`Anna ${tag}`]);
    expect(
      (await list(secretaria.cookie, "?photoStatus=approved")).json().items.map((i: { id: number }) => i.id),
    ).toEqual([bruno.requestId]);
    expect((await list(secretaria.cookie, "?photoStatus=rejected")).json()).toMatchObject({ items: [], total: 0 });
    const withTests = (await list(secretaria.cookie, "?testData=include")).json();
    expect(withTests.items.map((i: { id: number }) => i.id)).toEqual([
      anna.requestId,
      bruno.requestId,
      carla.requestId,
    ]);
    expect(withTests.items[2]).toMatchObject({ isTestData: true });
    expect((await list(secretaria.cookie, "?testData=only")).json().total).toBe(1);
    expect(names((await list(secretaria.cookie, `?q=bruno%20${tag.toLowerCase()}`)).json())).toEqual([`Bruno ${tag}`]);
    const paged = (await list(secretaria.cookie, "?pageSize=10&page=2")).json();
    expect(paged).toMatchObject({ items: [], total: 2, page: 2, pageSize: 10 });
  });

  it("shows Consulta the same grid, without the right to review", async () => {
    const response = await list(consulta.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ total: 2, canReview: false });
    expect((await list(admin.cookie)).json()).toMatchObject({ total: 2, canReview: true });
  });

  it("another school year is asked for with schoolYearId", async () => {
    const response = await list(secretaria.cookie, `?schoolYearId=${yearId + 1}`);
    expect(response.json()).toMatchObject({ items: [], total: 0 });
  });
});

describe("a student photo", () => {
  it("is streamed with its stored bytes and content type, inline", async () => {
    const family = await signedIn("User");
    const sent = await sendFile(family, "Elsa");
    const upload = await t.ctx.db
      .selectFrom("uploads")
      .selectAll()
      .where("id", "=", sent.photoUploadId)
      .executeTakeFirstOrThrow();
    for (const staff of [secretaria, consulta, admin]) {
      const response = await image(staff.cookie, sent.requestId);
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(response.headers["content-type"]).toBe("image/jpeg");
      expect(response.headers["content-disposition"]).toBe("inline");
      expect(response.headers["cache-control"]).toContain("no-store");
      expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect(response.rawPayload.length).toBe(upload.size);
      expect(createHash("sha256").update(response.rawPayload).digest("hex")).toBe(upload.sha256);
    }
    for (const cookie of [editor.cookie, family.cookie]) {
      const refused = await image(cookie, sent.requestId);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused).code).toBe("FORBIDDEN");
    }
    expect(errorOf(await image(undefined, sent.requestId)).code).toBe("UNAUTHENTICATED");
  });

  it("answers 404 for an unknown request and for a request whose file has no photo", async () => {
    const unknown = await image(secretaria.cookie, 2_147_483_000);
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe("REQUEST_NOT_FOUND");
    const family = await createUser(t);
    const bare = await insertSentRequest(t, family.id);
    const none = await image(secretaria.cookie, bare.id);
    expect(none.statusCode).toBe(404);
    expect(errorOf(none)).toMatchObject({ code: "PHOTO_NOT_FOUND", message: "This request has no student photo." });
    const approve = await review(secretaria.cookie, bare.id, { decision: "approve", expectedVersion: 1 });
    expect(errorOf(approve).code).toBe("PHOTO_NOT_FOUND");
    for (const id of ["abc", "0", "-1", "1.5"]) {
      const bad = await image(secretaria.cookie, id);
      expect(bad.statusCode, id).toBe(400);
      expect(errorOf(bad).fields?.requestId, id).toBeTruthy();
    }
  });
});

describe("reviewing a photo", () => {
  it("approves: status, who and when, version + 1, an audit event, no e-mail", async () => {
    const family = await signedIn("User");
    const sent = await sendFile(family, "Fabio");
    const mailsBefore = t.mails.length;
    const response = await review(secretaria.cookie, sent.requestId, { decision: "approve", expectedVersion: 1 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: sent.requestId,
      photoStatus: "approved",
      photoRejectionReason: null,
      photoReviewedAt: expect.any(String),
      version: 2,
    });
    const row = await requestRow(sent.requestId);
    expect(row).toMatchObject({ photo_status: "approved", photo_reviewed_by: secretaria.id, version: 2 });
    expect(row.request_status).toBe("Untreated");
    const audit = await auditOf(sent.requestId, "request.photoReviewed");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_user_id: secretaria.id, subject_user_id: family.id });
    expect(JSON.parse(audit[0]!.details ?? "{}")).toMatchObject({ from: "pending", to: "approved" });
    await t.ctx.outbox.deliverDue();
    expect(t.mails.slice(mailsBefore).filter((mail) => mail.to.includes(family.email))).toEqual([]);
  });

  it("refuses a stale version with 409 and changes nothing; the second of two reviewers gets the conflict", async () => {
    const family = await signedIn("User");
    const sent = await sendFile(family, "Gala");
    const first = review(secretaria.cookie, sent.requestId, { decision: "approve", expectedVersion: 1 });
    const second = review(admin.cookie, sent.requestId, {
      decision: "reject",
      reason: "Too dark",
      expectedVersion: 1,
    });
    const answers = await Promise.all([first, second]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const conflict = answers.find((a) => a.statusCode === 409)!;
    expect(errorOf(conflict)).toMatchObject({
      code: "VERSION_CONFLICT",
      message: "This record was changed by someone else; reload it",
    });
    const row = await requestRow(sent.requestId);
    expect(row.version).toBe(2);
    const stale = await review(secretaria.cookie, sent.requestId, { decision: "approve", expectedVersion: 1 });
    expect(errorOf(stale).code).toBe("VERSION_CONFLICT");
    expect(await requestRow(sent.requestId)).toEqual(row);
    expect(await auditOf(sent.requestId, "request.photoReviewed")).toHaveLength(1);
  });

  it("a rejection needs a reason of 3 to 500 characters; an approval takes none", async () => {
    const family = await signedIn("User");
    const sent = await sendFile(family, "Hugo");
    const before = await requestRow(sent.requestId);
    const cases: [payload: Record<string, unknown>, field: string][] = [
      [{ decision: "reject", expectedVersion: 1 }, "reason"],
      [{ decision: "reject", reason: "   ", expectedVersion: 1 }, "reason"],
      [{ decision: "reject", reason: "ab", expectedVersion: 1 }, "reason"],
      [{ decision: "reject", reason: "x".repeat(MAX_PHOTO_REJECTION_REASON_LENGTH + 1), expectedVersion: 1 }, "reason"],
      [{ decision: "reject", reason: "Bad\u0007photo", expectedVersion: 1 }, "reason"],
      [{ decision: "approve", reason: "Fine", expectedVersion: 1 }, "reason"],
      [{ decision: "maybe", expectedVersion: 1 }, "decision"],
      [{ decision: "approve" }, "expectedVersion"],
      [{ decision: "approve", expectedVersion: 0 }, "expectedVersion"],
      [{ decision: "approve", expectedVersion: "1" }, "expectedVersion"],
      [{ decision: "approve", expectedVersion: 1, photoStatus: "approved" }, "photoStatus"],
    ];
    for (const [payload, field] of cases) {
      const response = await review(secretaria.cookie, sent.requestId, payload);
      const what = JSON.stringify(payload).slice(0, 80);
      expect(response.statusCode, what).toBe(400);
      expect(errorOf(response).code, what).toBe("VALIDATION_ERROR");
      expect(errorOf(response).fields?.[field], what).toBeTruthy();
    }
    const required = await review(secretaria.cookie, sent.requestId, { decision: "reject", expectedVersion: 1 });
    expect(errorOf(required).fields?.reason).toBe("This field is mandatory");
    const short = await review(secretaria.cookie, sent.requestId, {
      decision: "reject",
      reason: "ab",
      expectedVersion: 1,
    });
    expect(errorOf(short).fields?.reason).toBe("The text is too short");
    expect(await requestRow(sent.requestId)).toEqual(before);
  });

  it("cannot review a request the family is correcting (InProcess)", async () => {
    const family = await signedIn("User");
    const sent = await sendFile(family, "Ines");
    const asked = await call(t, {
      method: "POST",
      url: `/api/requests/${sent.requestId}/actions`,
      cookie: secretaria.cookie,
      payload: { action: "requestCorrection", expectedVersion: 1, steps: ["schoolTransport"], message: "Bus?" },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const response = await review(secretaria.cookie, sent.requestId, { decision: "approve", expectedVersion: 2 });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe("REQUEST_IN_PROCESS");
    expect((await requestRow(sent.requestId)).photo_status).toBe("pending");
  });

  it("answers 404 REQUEST_NOT_FOUND for an unknown request", async () => {
    const response = await review(secretaria.cookie, 2_147_483_000, { decision: "approve", expectedVersion: 1 });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe("REQUEST_NOT_FOUND");
  });
});

describe("the rejection round trip", () => {
  it("rejects with a reason, e-mails the family in its language, shows it on the card; a new photo makes it pending again", async () => {
    const family = await signedIn("User", "es");
    const sent = await sendFile(family, "Julia");
    const reason = "No se ve la cara.\nEnvíe una foto de frente.";

    const rejected = await review(secretaria.cookie, sent.requestId, {
      decision: "reject",
      reason,
      expectedVersion: 1,
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ photoStatus: "rejected", photoRejectionReason: reason, version: 2 });
    const audit = await auditOf(sent.requestId, "request.photoReviewed");
    expect(JSON.parse(audit[0]!.details ?? "{}")).toMatchObject({ to: "rejected", reason });

    const mail = await mailTo(family.email, "nueva foto");
    expect(mail.subject).toBe(`Inscripción de Julia Photo: envíe una nueva foto (${sent.code})`);
    expect(mail.decoded).toContain("No se ve la cara.");
    expect(mail.decoded).toContain("/portal/inscripciones/bienvenido");

    const card = (await cards(family)).find((c) => c.fileId === sent.fileId);
    expect(card?.photoRejection).toEqual({ reason });
    const grid = (await list(secretaria.cookie, "?photoStatus=rejected")).json();
    expect(grid.items).toContainEqual(expect.objectContaining({ id: sent.requestId, photoRejectionReason: reason }));

    // The sent file takes a new student photo now, and nothing else.
    const pdf = await uploadAs(
      t,
      family.cookie,
      sent.fileId,
      "identityDocument",
      Buffer.from("%PDF-1.4"),
      "a.pdf",
      "application/pdf",
    );
    expect(errorOf(pdf).code).toBe("FILE_LOCKED");
    const wrongKind = await uploadPhoto(family, sent.fileId, "representativePhoto");
    expect(errorOf(wrongKind).code).toBe("FILE_LOCKED");
    const uploaded = await uploadPhoto(family, sent.fileId);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const newId = uploaded.json().id as number;

    const before = await t.ctx.db
      .selectFrom("enrollment_steps")
      .selectAll()
      .where("file_id", "=", sent.fileId)
      .where("step", "=", "studentPhoto")
      .executeTakeFirstOrThrow();
    const replaced = await replace(family.cookie, sent.fileId, { photoFileId: newId });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toEqual({ fileId: sent.fileId, photoStatus: "pending" });

    const step = await t.ctx.db
      .selectFrom("enrollment_steps")
      .selectAll()
      .where("file_id", "=", sent.fileId)
      .where("step", "=", "studentPhoto")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(step.data)).toEqual({ ...JSON.parse(before.data), photoFileId: newId });
    expect(step.completed_at).toBe(before.completed_at);
    const row = await requestRow(sent.requestId);
    expect(row).toMatchObject({
      photo_status: "pending",
      photo_rejection_reason: null,
      photo_reviewed_by: null,
      version: 3,
      request_status: "Untreated",
    });
    expect((await cards(family)).find((c) => c.fileId === sent.fileId)?.photoRejection).toBeNull();
    expect(await auditOf(sent.requestId, "request.photoReplaced")).toEqual([
      expect.objectContaining({ actor_user_id: family.id }),
    ]);

    // Staff see the new photo.
    const item = (await list(secretaria.cookie, "?photoStatus=pending"))
      .json()
      .items.find((i: { id: number }) => i.id === sent.requestId);
    expect(item).toMatchObject({ photoUploadId: newId, version: 3 });
    const newUpload = await t.ctx.db
      .selectFrom("uploads")
      .selectAll()
      .where("id", "=", newId)
      .executeTakeFirstOrThrow();
    const streamed = await image(secretaria.cookie, sent.requestId);
    expect(createHash("sha256").update(streamed.rawPayload).digest("hex")).toBe(newUpload.sha256);

    // Pending again: no second replacement, no more uploads on the sent file.
    const again = await replace(family.cookie, sent.fileId, { photoFileId: newId });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe("PHOTO_NOT_REJECTED");
    expect(errorOf(await uploadPhoto(family, sent.fileId)).code).toBe("FILE_LOCKED");
  });

  it("refuses a replacement while the photo is not rejected, and checks the file and the upload", async () => {
    const family = await signedIn("User");
    const other = await signedIn("User");
    const sent = await sendFile(family, "Karl");
    const otherFile = await completeFile(t, other.cookie);
    const othersUpload = (await uploadPhoto(other, otherFile)).json().id as number;

    const pending = await replace(family.cookie, sent.fileId, { photoFileId: sent.photoUploadId });
    expect(pending.statusCode).toBe(409);
    expect(errorOf(pending)).toMatchObject({
      code: "PHOTO_NOT_REJECTED",
      message: "The photo can only be replaced after the school office has asked for a new one.",
    });

    const rejected = await review(secretaria.cookie, sent.requestId, {
      decision: "reject",
      reason: "Blurry",
      expectedVersion: 1,
    });
    expect(rejected.statusCode).toBe(200);
    const before = await requestRow(sent.requestId);

    // Another family's file, another family's upload, an upload of another kind, an unknown file.
    const notTheirs = await replace(other.cookie, sent.fileId, { photoFileId: othersUpload });
    expect(notTheirs.statusCode).toBe(403);
    expect(errorOf(notTheirs).code).toBe("NOT_YOUR_STUDENT");
    const foreignUpload = await replace(family.cookie, sent.fileId, { photoFileId: othersUpload });
    expect(foreignUpload.statusCode).toBe(403);
    expect(errorOf(foreignUpload).code).toBe("NOT_YOUR_STUDENT");
    const representativePhoto = await t.ctx.db
      .selectFrom("uploads")
      .select("id")
      .where("file_id", "=", sent.fileId)
      .where("kind", "=", "representativePhoto")
      .executeTakeFirstOrThrow();
    const wrongKind = await replace(family.cookie, sent.fileId, { photoFileId: representativePhoto.id });
    expect(wrongKind.statusCode).toBe(400);
    expect(errorOf(wrongKind).fields?.photoFileId).toBe("This file does not belong to this field");
    const unknown = await replace(family.cookie, 2_147_483_000, { photoFileId: sent.photoUploadId });
    expect(unknown.statusCode).toBe(404);
    // The other family's own file is not rejected: 409, not a way in.
    expect(errorOf(await replace(other.cookie, otherFile, { photoFileId: othersUpload })).code).toBe(
      "PHOTO_NOT_REJECTED",
    );
    expect(await requestRow(sent.requestId)).toEqual(before);
  });

  it("refuses bad bodies and ids", async () => {
    const family = await signedIn("User");
    const cases: [url: string | number, payload: unknown, field: string | null][] = [
      [1, {}, "photoFileId"],
      [1, { photoFileId: "12" }, "photoFileId"],
      [1, { photoFileId: 0 }, "photoFileId"],
      [1, { photoFileId: 1.5 }, "photoFileId"],
      [1, { photoFileId: 1, other: true }, "other"],
      [1, [], null],
      ["abc", { photoFileId: 1 }, "fileId"],
      ["0", { photoFileId: 1 }, "fileId"],
    ];
    for (const [fileId, payload, field] of cases) {
      const response = await replace(family.cookie, fileId, payload);
      const what = `${fileId} ${JSON.stringify(payload)}`;
      expect(response.statusCode, what).toBe(400);
      expect(errorOf(response).code, what).toBe("VALIDATION_ERROR");
      if (field) expect(errorOf(response).fields?.[field], what).toBeTruthy();
    }
  });
});

describe("who may do what", () => {
  it("Consulta sees but cannot review; Editor and families cannot see; anonymous callers are asked to sign in", async () => {
    const family = await signedIn("User");
    const sent = await sendFile(family, "Lara");
    const before = await requestRow(sent.requestId);
    const body = { decision: "reject", reason: "Blurry", expectedVersion: 1 };
    for (const cookie of [consulta.cookie, editor.cookie, family.cookie]) {
      const refused = await review(cookie, sent.requestId, body);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused).code).toBe("FORBIDDEN");
    }
    for (const cookie of [editor.cookie, family.cookie]) {
      const refused = await list(cookie);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused).code).toBe("FORBIDDEN");
    }
    for (const response of [
      await list(undefined),
      await image(undefined, sent.requestId),
      await review(undefined, sent.requestId, body),
      await replace(undefined, sent.fileId, { photoFileId: sent.photoUploadId }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).code).toBe("UNAUTHENTICATED");
    }
    // Staff do not use the family's endpoint.
    const staffReplace = await replace(secretaria.cookie, sent.fileId, { photoFileId: sent.photoUploadId });
    expect(staffReplace.statusCode).toBe(403);
    expect(await requestRow(sent.requestId)).toEqual(before);
  });

  it("refuses bad query strings on the grid with the parameter named", async () => {
    for (const [query, field] of [
      ["?photoStatus=bogus", "photoStatus"],
      ["?photoStatus=pending&photoStatus=approved", "photoStatus"],
      ["?pageSize=7", "pageSize"],
      ["?page=0", "page"],
      ["?testData=maybe", "testData"],
      ["?sort=studentName", "sort"],
      ["?status=Untreated", "status"],
      [`?q=${"a".repeat(101)}`, "q"],
    ] as const) {
      const response = await list(secretaria.cookie, query);
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response).fields?.[field], query).toBeTruthy();
    }
  });
});
