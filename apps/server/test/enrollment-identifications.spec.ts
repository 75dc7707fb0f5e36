import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { minimalPdf } from "./support/documents.ts";
import { completeFile, jpegPhoto, uploadAs } from "./support/enrollment.ts";
import { call, createTestApp, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

/*
 * One identification number per person of a file (rules/file-identifications.ts): the notarised
 * exit authorisation prints the authorised people's numbers, so the student's own number, or a
 * number already given to another person of the file, is refused when the step is saved — a 400
 * naming the field, in the family's language — and nothing of the step is written.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const stepUrl = (fileId: number, step: string) => `/api/enrollment/files/${fileId}/steps/${step}`;

async function stepData(cookie: string, fileId: number, step: string) {
  const response = await call(t, { method: "GET", url: stepUrl(fileId, step), cookie });
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: Record<string, unknown> }).data;
}

async function uploaded(response: { statusCode: number; body: string; json: () => { id: number } }) {
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json().id;
}

async function person(cookie: string, fileId: number, documentNumber: string, typeIdentification = 1) {
  return {
    isRegisterPerson: false,
    firstName: "Loor",
    names: "Rosa",
    relationshipStudentCode: "GRANDMOTHER",
    address: "Av. Amazonas N24-03, Quito",
    cellPhone: "099 765 4321",
    cellPhoneConfirmation: "0997654321",
    typeIdentification,
    documentNumber,
    photoFileId: await uploaded(
      await uploadAs(t, cookie, fileId, "authorizedPersonPhoto", await jpegPhoto(), "rosa.jpg", "image/jpeg"),
    ),
    documentFileId: await uploaded(
      await uploadAs(t, cookie, fileId, "identityDocument", minimalPdf(), "cedula.pdf", "application/pdf"),
    ),
  };
}

describe("identification numbers within one file", () => {
  it("refuses an authorised person with the student's number, in the family's language, and saves nothing", async () => {
    const family = await signedInAs(t, "User", { language: "en" });
    const fileId = await completeFile(t, family.cookie);
    const student = String((await stepData(family.cookie, fileId, "studentFile")).documentNumber);
    const before = await stepData(family.cookie, fileId, "authorizedPersons");

    const own = await person(family.cookie, fileId, "PAGRANDMA1", 2);
    const child = await person(family.cookie, fileId, student);
    const refused = await call(t, {
      method: "PUT",
      url: stepUrl(fileId, "authorizedPersons"),
      cookie: family.cookie,
      payload: { persons: [own, child] },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(errorOf(refused)).toMatchObject({
      code: "VALIDATION_ERROR",
      fields: { "persons.1.documentNumber": "This is the student's identification number: enter this person's own" },
    });
    expect(await stepData(family.cookie, fileId, "authorizedPersons")).toEqual(before);

    // The same number typed as a passport is still the student's.
    const asPassport = await call(t, {
      method: "PUT",
      url: stepUrl(fileId, "authorizedPersons"),
      cookie: family.cookie,
      payload: { persons: [{ ...child, typeIdentification: 2 }] },
    });
    expect(asPassport.statusCode, asPassport.body).toBe(400);
    expect(errorOf(asPassport).fields).toEqual({
      "persons.0.documentNumber": "This is the student's identification number: enter this person's own",
    });

    const fine = await call(t, {
      method: "PUT",
      url: stepUrl(fileId, "authorizedPersons"),
      cookie: family.cookie,
      payload: { persons: [own] },
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it("refuses a representative with the student's number, and an authorised person with a representative's", async () => {
    const family = await signedInAs(t, "User", { language: "fr" });
    const fileId = await completeFile(t, family.cookie);
    const student = String((await stepData(family.cookie, fileId, "studentFile")).documentNumber);
    const first = await stepData(family.cookie, fileId, "firstRepresentative");

    const representative = await call(t, {
      method: "PUT",
      url: stepUrl(fileId, "firstRepresentative"),
      cookie: family.cookie,
      payload: { ...first, typeIdentification: 1, documentNumber: student },
    });
    expect(representative.statusCode, representative.body).toBe(400);
    expect(errorOf(representative).fields).toEqual({
      documentNumber: "C'est le numéro d'identification de l'élève\u202f: saisissez celui de cette personne",
    });
    expect(await stepData(family.cookie, fileId, "firstRepresentative")).toEqual(first);

    const mother = await person(family.cookie, fileId, String(first.documentNumber), 2);
    const twice = await call(t, {
      method: "PUT",
      url: stepUrl(fileId, "authorizedPersons"),
      cookie: family.cookie,
      payload: { persons: [mother] },
    });
    expect(twice.statusCode, twice.body).toBe(400);
    expect(errorOf(twice).fields).toEqual({
      "persons.0.documentNumber":
        "Une autre personne de cette inscription (représentant, personne autorisée ou l'élève) a déjà ce numéro d'identification",
    });
  });
});
