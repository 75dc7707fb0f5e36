import { describe, expect, it } from "vitest";
import { authorizedPersonsSchema } from "./authorized-persons.ts";
import { codesOf, issuesOf, VALID_CEDULA } from "./test-helpers.ts";

const person = {
  isRegisterPerson: false,
  firstName: "Andrade",
  names: "Luis",
  relationshipStudentCode: "DRIVER",
  address: "Calle Larga 5-20, Quito",
  postalCode: "170150",
  cellPhone: "+593 98 765 4321",
  cellPhoneConfirmation: "+593 98 765 4321",
  documentNumber: VALID_CEDULA,
  photoFileId: 7,
  documentFileId: 8,
};
const passport = (n: number) => ({ ...person, typeIdentification: 2, documentNumber: `PASS${n}000` });

describe("authorized persons", () => {
  it("accepts none and up to three", () => {
    expect(authorizedPersonsSchema.safeParse({ persons: [] }).success).toBe(true);
    expect(authorizedPersonsSchema.safeParse({ persons: [person, passport(1), passport(2)] }).success).toBe(true);
  });
  it("refuses a fourth person", () => {
    expect(issuesOf(authorizedPersonsSchema, { persons: [person, passport(1), passport(2), passport(3)] })).toEqual([
      "persons: validation.maxAuthorizedPersons",
    ]);
  });
  it("refuses the same document twice", () => {
    expect(issuesOf(authorizedPersonsSchema, { persons: [person, person] })).toEqual([
      "persons.1.documentNumber: validation.duplicateDocument",
    ]);
  });
  it("checks each person's cell phone confirmation, document and files", () => {
    expect(
      issuesOf(authorizedPersonsSchema, { persons: [{ ...person, cellPhoneConfirmation: "0987654321" }] }),
    ).toEqual(["persons.0.cellPhoneConfirmation: validation.cellPhoneMismatch"]);
    expect(issuesOf(authorizedPersonsSchema, { persons: [{ ...person, documentNumber: "1714307104" }] })).toEqual([
      "persons.0.documentNumber: validation.documentNumber",
    ]);
    expect(issuesOf(authorizedPersonsSchema, { persons: [{ ...person, photoFileId: undefined }] })).toEqual([
      "persons.0.photoFileId: validation.fileRequired",
    ]);
    expect(issuesOf(authorizedPersonsSchema, { persons: [{ ...person, postalCode: "17/01" }] })).toEqual([
      "persons.0.postalCode: validation.postalCode",
    ]);
  });
  it("refuses unknown fields on the list and on a person", () => {
    expect(codesOf(authorizedPersonsSchema, { persons: [], extra: 1 })).toEqual(["unrecognized_keys"]);
    expect(codesOf(authorizedPersonsSchema, { persons: [{ ...person, email: "a@b.ec" }] })).toEqual([
      "unrecognized_keys",
    ]);
  });
});
