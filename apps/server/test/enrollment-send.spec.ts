import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completeFile, jpegPhoto, startFile, uploadAs } from "./support/enrollment.ts";
import { call, createTestApp, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("validate and send", () => {
  it("creates one Untreated request, locks the file and records the consents", async () => {
    const family = await signedInAs(t, "User");
    const fileId = await completeFile(t, family.cookie);

    const sent = await call(t, { method: "POST", url: `/api/enrollment/files/${fileId}/send`, cookie: family.cookie });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().file).toMatchObject({ status: "sent", nextStep: null });
    expect(sent.json().request).toMatchObject({ requestStatus: "Untreated" });
    expect(sent.json().request.code).toMatch(/^INS-\d+-\d{6}$/);

    const again = await call(t, { method: "POST", url: `/api/enrollment/files/${fileId}/send`, cookie: family.cookie });
    expect(errorOf(again).code).toBe("FILE_LOCKED");
    const edit = await call(t, {
      method: "PUT",
      url: `/api/enrollment/files/${fileId}/steps/schoolTransport`,
      cookie: family.cookie,
      payload: { wantsBus: true, acceptsConditions: true },
    });
    expect(edit.statusCode).toBe(409);
    expect(errorOf(edit).code).toBe("FILE_LOCKED");

    const requests = await t.ctx.db.selectFrom("requests").selectAll().where("file_id", "=", fileId).execute();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ user_id: family.id, request_status: "Untreated", is_test_data: 0 });
    // The request's history starts with the send: who, when, from in process to untreated.
    const history = await t.ctx.db
      .selectFrom("request_history")
      .selectAll()
      .where("request_id", "=", requests[0]!.id)
      .execute();
    expect(history).toEqual([
      expect.objectContaining({ from_status: "InProcess", to_status: "Untreated", action: "send", user_id: family.id }),
    ]);

    const consents = await t.ctx.db
      .selectFrom("consents")
      .select(["subject", "accepted", "text_version", "user_id"])
      .where("file_id", "=", fileId)
      .orderBy("subject")
      .execute();
    expect(consents.map((c) => [c.subject, c.accepted])).toEqual([
      ["photo.communication", 0],
      ["photo.conservation", 1],
      ["photo.publication", 0],
      ["photo.use", 1],
      ["terms.dataUseAgreement", 1],
      ["terms.servicesContract", 1],
      ["terms.termsOfUse", 1],
    ]);
    expect(consents.every((c) => c.user_id === family.id && c.text_version.length > 0)).toBe(true);

    const cards = await call(t, { method: "GET", url: "/api/enrollment/cards", cookie: family.cookie });
    expect(cards.json()[0]).toMatchObject({ status: "sent", requestStatus: "Untreated", completedCount: 12 });
  });

  it("refuses to send an incomplete file, naming the first missing step", async () => {
    const family = await signedInAs(t, "User", { language: "en" });
    const fileId = (await startFile(t, family.cookie)).json().id as number;
    const response = await call(t, {
      method: "POST",
      url: `/api/enrollment/files/${fileId}/send`,
      cookie: family.cookie,
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({
      code: "FILE_INCOMPLETE",
      message: "Complete every step before sending the file",
    });
    expect(await t.ctx.db.selectFrom("requests").select("id").where("file_id", "=", fileId).execute()).toEqual([]);
  });

  it("is refused to another family", async () => {
    const a = await signedInAs(t, "User");
    const b = await signedInAs(t, "User");
    const fileId = (await startFile(t, a.cookie)).json().id as number;
    const response = await call(t, { method: "POST", url: `/api/enrollment/files/${fileId}/send`, cookie: b.cookie });
    expect(errorOf(response).code).toBe("NOT_YOUR_STUDENT");
  });
});

describe("representatives", () => {
  it("refuses a second representative with the first one's identification", async () => {
    const family = await signedInAs(t, "User", { language: "en" });
    const fileId = await completeFile(t, family.cookie);
    const first = await call(t, {
      method: "GET",
      url: `/api/enrollment/files/${fileId}/steps/firstRepresentative`,
      cookie: family.cookie,
    });
    const second = await call(t, {
      method: "GET",
      url: `/api/enrollment/files/${fileId}/steps/secondRepresentative`,
      cookie: family.cookie,
    });
    const clash = { ...second.json().data, documentNumber: first.json().data.documentNumber };
    const response = await call(t, {
      method: "PUT",
      url: `/api/enrollment/files/${fileId}/steps/secondRepresentative`,
      cookie: family.cookie,
      payload: clash,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields?.documentNumber).toBe(
      "This student already has a legal representative with the same identification",
    );
    const wrongNumber = await call(t, {
      method: "PUT",
      url: `/api/enrollment/files/${fileId}/steps/secondRepresentative`,
      cookie: family.cookie,
      payload: { ...second.json().data, typeRepresentative: 1, isAccountHolder: false },
    });
    expect(errorOf(wrongNumber).fields?.typeRepresentative).toBeTruthy();
  });

  it("accepts declining the second representative with a reason", async () => {
    const family = await signedInAs(t, "User");
    const fileId = await completeFile(t, family.cookie);
    const noReason = await call(t, {
      method: "PUT",
      url: `/api/enrollment/files/${fileId}/steps/secondRepresentative`,
      cookie: family.cookie,
      payload: { declined: true, reason: "" },
    });
    expect(errorOf(noReason).fields?.reason).toBeTruthy();
    const declined = await call(t, {
      method: "PUT",
      url: `/api/enrollment/files/${fileId}/steps/secondRepresentative`,
      cookie: family.cookie,
      payload: { declined: true, reason: "Padre fallecido" },
    });
    expect(declined.statusCode).toBe(200);
    const sent = await call(t, { method: "POST", url: `/api/enrollment/files/${fileId}/send`, cookie: family.cookie });
    expect(sent.statusCode).toBe(200);
  });
});

describe("photos", () => {
  it("re-encodes the student photo to 500 × 500 and strips its GPS metadata", async () => {
    const { default: sharp } = await import("sharp");
    const family = await signedInAs(t, "User");
    const fileId = (await startFile(t, family.cookie)).json().id as number;
    const original = await jpegPhoto({ width: 900, height: 700, gps: true });
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const uploaded = await uploadAs(t, family.cookie, fileId, "studentPhoto", original, "nino.jpg", "image/jpeg");
    expect(uploaded.statusCode).toBe(201);
    const back = await call(t, {
      method: "GET",
      url: `/api/enrollment/uploads/${uploaded.json().id}`,
      cookie: family.cookie,
    });
    const meta = await sharp(back.rawPayload).metadata();
    expect(meta).toMatchObject({ width: 500, height: 500, format: "jpeg" });
    expect(meta.exif).toBeUndefined();
  });

  it("drops what a polyglot hides after the image and refuses what is not an image", async () => {
    const family = await signedInAs(t, "User");
    const fileId = (await startFile(t, family.cookie)).json().id as number;
    const polyglot = Buffer.concat([await jpegPhoto(), Buffer.from("<html><script>alert(1)</script></html>")]);
    const uploaded = await uploadAs(
      t,
      family.cookie,
      fileId,
      "representativePhoto",
      polyglot,
      "papa.jpg",
      "image/jpeg",
    );
    expect(uploaded.statusCode).toBe(201);
    const back = await call(t, {
      method: "GET",
      url: `/api/enrollment/uploads/${uploaded.json().id}`,
      cookie: family.cookie,
    });
    expect(back.rawPayload.includes(Buffer.from("<script>"))).toBe(false);

    const notImage = await uploadAs(
      t,
      family.cookie,
      fileId,
      "representativePhoto",
      Buffer.from("GIF89a not really"),
      "x.jpg",
      "image/jpeg",
    );
    expect(errorOf(notImage).code).toBe("UPLOAD_NOT_IMAGE");
    const pdfAsPhoto = await uploadAs(
      t,
      family.cookie,
      fileId,
      "studentPhoto",
      Buffer.from("%PDF-1.4\n"),
      "x.jpg",
      "image/jpeg",
    );
    expect(errorOf(pdfAsPhoto).code).toBe("UPLOAD_NOT_IMAGE");
  });

  it("keeps representative photos to 1 MB", async () => {
    const family = await signedInAs(t, "User", { language: "en" });
    const fileId = (await startFile(t, family.cookie)).json().id as number;
    const big = Buffer.concat([await jpegPhoto(), Buffer.alloc(1024 * 1024, 1)]);
    const response = await uploadAs(t, family.cookie, fileId, "representativePhoto", big, "big.jpg", "image/jpeg");
    expect(response.statusCode).toBe(413);
    expect(errorOf(response).message).toContain("1 MB");
  });

  it("refuses a step pointing at an upload of the wrong kind", async () => {
    const family = await signedInAs(t, "User");
    const fileId = (await startFile(t, family.cookie)).json().id as number;
    const photo = await uploadAs(
      t,
      family.cookie,
      fileId,
      "representativePhoto",
      await jpegPhoto(),
      "p.jpg",
      "image/jpeg",
    );
    const response = await call(t, {
      method: "PUT",
      url: `/api/enrollment/files/${fileId}/steps/studentFile`,
      cookie: family.cookie,
      payload: {
        gender: "M",
        firstName: "Pérez",
        names: "Tomás",
        birthDate: "2016-01-10",
        birthCountry: "EC",
        birthCity: "Quito",
        primaryResidence: "Quito",
        primaryNationality: "EC",
        documentNumber: "1714307103",
        identityDocumentFileId: photo.json().id,
        emergencyContacts: [{ name: "Rosa", relationship: "GRANDMOTHER", phone: "+593 99 111 2222" }],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields?.identityDocumentFileId).toBeTruthy();
  });
});
