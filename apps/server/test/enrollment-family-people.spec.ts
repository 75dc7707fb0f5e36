import { authorizedPersonsSchema } from "@portal/shared/schemas/enrollment/authorized-persons";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { propagateAuthorizedPersons } from "../src/modules/enrollment/authorized-persons.service.ts";
import { minimalPdf } from "./support/documents.ts";
import { completeFile, jpegPhoto, uploadAs } from "./support/enrollment.ts";
import { call, createTestApp, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = Record<string, unknown>;

async function uploaded(response: { statusCode: number; body: string; json: () => { id: number } }) {
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json().id;
}

/** One authorized person with uploads of its own on `fileId`. */
async function authorizedPerson(cookie: string, fileId: number, documentNumber: string): Promise<Person> {
  const photo = await uploaded(
    await uploadAs(t, cookie, fileId, "authorizedPersonPhoto", await jpegPhoto(), "abuela.jpg", "image/jpeg"),
  );
  const document = await uploaded(
    await uploadAs(t, cookie, fileId, "identityDocument", minimalPdf(), "cedula.pdf", "application/pdf"),
  );
  return {
    isRegisterPerson: false,
    firstName: "Loor",
    names: "Rosa",
    relationshipStudentCode: "GRANDMOTHER",
    address: "Av. Amazonas N24-03, Quito",
    cellPhone: "099 765 4321",
    cellPhoneConfirmation: "0997654321",
    typeIdentification: 2,
    documentNumber,
    photoFileId: photo,
    documentFileId: document,
  };
}

const stepUrl = (fileId: number, step: string) => `/api/enrollment/files/${fileId}/steps/${step}`;

async function getStep(cookie: string, fileId: number, step: string) {
  const response = await call(t, { method: "GET", url: stepUrl(fileId, step), cookie });
  expect(response.statusCode).toBe(200);
  return response.json() as { data: Record<string, unknown> | null; completed: boolean };
}

async function putStep(cookie: string, fileId: number, step: string, payload: object) {
  return call(t, { method: "PUT", url: stepUrl(fileId, step), cookie, payload });
}

async function knownPeople(cookie: string, fileId: number) {
  return call(t, { method: "GET", url: `/api/enrollment/files/${fileId}/known-people`, cookie });
}

describe("people known to the family", () => {
  it("offers a sibling's representatives and authorized persons, latest first, once per identification", async () => {
    const family = await signedInAs(t, "User");
    const first = await completeFile(t, family.cookie);
    const second = await completeFile(t, family.cookie);
    const third = await completeFile(t, family.cookie);

    // Nothing of this file itself: the first and second files hold the same two representatives.
    const before = await knownPeople(family.cookie, third);
    expect(before.statusCode).toBe(200);
    expect(
      before
        .json()
        .representatives.map((p: Person) => p.documentNumber)
        .sort(),
    ).toEqual(["PASS10001", "PASS20002"]);
    expect(before.json().authorizedPersons).toEqual([]);

    // A later change to the first file's representative 1 is what is offered, first.
    const saved = (await getStep(family.cookie, first, "firstRepresentative")).data ?? {};
    const changed = {
      ...saved,
      names: "Carmen María",
      email: "carmen@example.ec",
      emailConfirmation: "carmen@example.ec",
    };
    expect((await putStep(family.cookie, first, "firstRepresentative", changed)).statusCode).toBe(200);
    const person = await authorizedPerson(family.cookie, second, "PASS30003");
    expect((await putStep(family.cookie, second, "authorizedPersons", { persons: [person] })).statusCode).toBe(200);

    const known = (await knownPeople(family.cookie, third)).json();
    expect(known.representatives).toHaveLength(2);
    expect(known.representatives[0]).toMatchObject({
      typeIdentification: 2,
      documentNumber: "PASS10001",
      displayName: "Carmen María Loor",
      studentName: "Ana Lucía Pérez Loor",
    });
    expect(known.representatives[0].data).toMatchObject({
      names: "Carmen María",
      email: "carmen@example.ec",
      emailConfirmation: "carmen@example.ec",
      cellPhoneConfirmation: known.representatives[0].data.cellPhone,
    });
    expect(known.authorizedPersons).toHaveLength(1);
    expect(known.authorizedPersons[0]).toMatchObject({ documentNumber: "PASS30003", displayName: "Rosa Loor" });
    expect(known.authorizedPersons[0].data.cellPhoneConfirmation).toBe("099 765 4321");

    // The offered data saves as it is on the third file, its uploads (the first file's) included.
    const reused = await putStep(family.cookie, third, "firstRepresentative", {
      ...known.representatives[0].data,
      typeRepresentative: 1,
    });
    expect(reused.statusCode, reused.body).toBe(200);
    const reusedPerson = await putStep(family.cookie, third, "authorizedPersons", {
      persons: [{ ...known.authorizedPersons[0].data, isRegisterPerson: true }],
    });
    expect(reusedPerson.statusCode, reusedPerson.body).toBe(200);
  });

  it("leaves a declined second representative out", async () => {
    const family = await signedInAs(t, "User");
    const first = await completeFile(t, family.cookie);
    const second = await completeFile(t, family.cookie);
    const declined = await putStep(family.cookie, first, "secondRepresentative", {
      declined: true,
      reason: "Padre fallecido",
    });
    expect(declined.statusCode).toBe(200);
    const known = (await knownPeople(family.cookie, first)).json();
    // From the first file: the second file's two representatives.
    expect(known.representatives).toHaveLength(2);
    const fromSecond = (await knownPeople(family.cookie, second)).json();
    expect(fromSecond.representatives.map((p: Person) => p.documentNumber)).toEqual(["PASS10001"]);
  });

  it("is refused on another family's file", async () => {
    const a = await signedInAs(t, "User");
    const b = await signedInAs(t, "User");
    const fileId = await completeFile(t, a.cookie);
    const response = await knownPeople(b.cookie, fileId);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe("NOT_YOUR_STUDENT");
    expect((await knownPeople(b.cookie, 2_147_483_000)).statusCode).toBe(404);
  });
});

describe("authorized persons belong to the family", () => {
  it("writes the list to the same-year siblings whose step is saved, sent files included, with an audit event", async () => {
    const family = await signedInAs(t, "User");
    const first = await completeFile(t, family.cookie);
    const sibling = await completeFile(t, family.cookie);
    const sent = await completeFile(t, family.cookie);
    expect(
      (await call(t, { method: "POST", url: `/api/enrollment/files/${sent}/send`, cookie: family.cookie })).statusCode,
    ).toBe(200);
    const other = await signedInAs(t, "User");
    const otherFamilyFile = await completeFile(t, other.cookie);

    // The list as saveStep hands it over: the body the shared schema produced.
    const data = authorizedPersonsSchema.parse({
      persons: [await authorizedPerson(family.cookie, first, "PASS30003")],
    });
    const changed = await propagateAuthorizedPersons(
      t.ctx,
      { userId: family.id, ip: "10.0.0.1", familyUserId: family.id },
      { id: first },
      data,
    );
    expect(changed.sort()).toEqual([sibling, sent].sort());

    for (const fileId of [sibling, sent]) {
      const step = await getStep(family.cookie, fileId, "authorizedPersons");
      expect(step.completed).toBe(true);
      expect(step.data).toEqual(data);
    }
    expect((await getStep(other.cookie, otherFamilyFile, "authorizedPersons")).data).toEqual({ persons: [] });

    const audit = await t.ctx.db
      .selectFrom("audit_events")
      .selectAll()
      .where("event", "=", "enrollment.authorizedPersons.propagated")
      .where("actor_user_id", "=", family.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]?.details ?? "{}")).toEqual({
      fromFileId: first,
      toFileIds: [sibling, sent].sort((x, y) => x - y),
      sentFileIds: [sent],
      persons: 1,
    });

    // Already the same everywhere: nothing is written, nothing audited.
    expect(
      await propagateAuthorizedPersons(
        t.ctx,
        { userId: family.id, ip: "10.0.0.1", familyUserId: family.id },
        { id: first },
        data,
      ),
    ).toEqual([]);
  });

  it("applies a save through the API to the family's other files of the year", async () => {
    const family = await signedInAs(t, "User");
    const first = await completeFile(t, family.cookie);
    const sibling = await completeFile(t, family.cookie);
    const list = { persons: [await authorizedPerson(family.cookie, sibling, "PASS40004")] };
    expect((await putStep(family.cookie, sibling, "authorizedPersons", list)).statusCode).toBe(200);
    const onFirst = await getStep(family.cookie, first, "authorizedPersons");
    expect(onFirst.data).toEqual((await getStep(family.cookie, sibling, "authorizedPersons")).data);
    expect(onFirst.completed).toBe(true);
  });
});
