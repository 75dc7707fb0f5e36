import { describe, expect, it } from "vitest";
import { studentFileSchema } from "./student-file.ts";
import { codesOf, issuesOf, VALID_CEDULA } from "./test-helpers.ts";

const contact = { name: "María Pérez", relationship: "GRANDMOTHER", phone: "+593 99 123 4567" };
const valid = {
  gender: "F",
  firstName: "Pérez",
  secondName: "Loor",
  names: "Ana Lucía",
  birthDate: "2015-03-14",
  birthCountry: "EC",
  birthCity: "Quito",
  primaryResidence: "Av. Amazonas N24-03, Quito",
  primaryNationality: "EC",
  secondaryNationality: "FR",
  documentNumber: VALID_CEDULA,
  identityDocumentFileId: 12,
  emergencyContacts: [contact],
};

describe("student file", () => {
  it("accepts a complete file and applies the defaults", () => {
    const parsed = studentFileSchema.parse(valid);
    expect(parsed.typeIdentification).toBe(1);
    expect(parsed.childOfStaff).toBe(false);
  });
  it("refuses a cédula with a bad check digit", () => {
    expect(issuesOf(studentFileSchema, { ...valid, documentNumber: "1714307104" })).toEqual([
      "documentNumber: validation.documentNumber",
    ]);
  });
  it("accepts a passport number", () => {
    expect(studentFileSchema.safeParse({ ...valid, typeIdentification: 2, documentNumber: "X1234567" }).success).toBe(
      true,
    );
  });
  it("requires the identity document file", () => {
    expect(issuesOf(studentFileSchema, { ...valid, identityDocumentFileId: undefined })).toEqual([
      "identityDocumentFileId: validation.fileRequired",
    ]);
    expect(issuesOf(studentFileSchema, { ...valid, identityDocumentFileId: 0 })).toEqual([
      "identityDocumentFileId: validation.invalidType",
    ]);
  });
  it("needs one to three emergency contacts, each complete", () => {
    expect(issuesOf(studentFileSchema, { ...valid, emergencyContacts: [] })).toEqual([
      "emergencyContacts: validation.emergencyContactRequired",
    ]);
    expect(issuesOf(studentFileSchema, { ...valid, emergencyContacts: [contact, contact, contact, contact] })).toEqual([
      "emergencyContacts: validation.maxEmergencyContacts",
    ]);
    expect(issuesOf(studentFileSchema, { ...valid, emergencyContacts: [{ ...contact, phone: "abc" }] })).toEqual([
      "emergencyContacts.0.phone: validation.phone",
    ]);
  });
  it("refuses missing required fields, a future birth date and a bad country", () => {
    const { names: _names, ...withoutNames } = valid;
    expect(issuesOf(studentFileSchema, withoutNames)).toHaveLength(1);
    expect(issuesOf(studentFileSchema, { ...valid, names: "  " })).toEqual(["names: validation.required"]);
    expect(issuesOf(studentFileSchema, { ...valid, birthDate: "2999-01-01" })).toEqual([
      "birthDate: validation.birthDateFuture",
    ]);
    expect(issuesOf(studentFileSchema, { ...valid, birthCountry: "Ecuador" })).toEqual([
      "birthCountry: validation.country",
    ]);
    expect(issuesOf(studentFileSchema, { ...valid, gender: "X" })).toEqual(["gender: validation.choice"]);
  });
  it("refuses unknown fields", () => {
    expect(codesOf(studentFileSchema, { ...valid, isAdmin: true })).toEqual(["unrecognized_keys"]);
  });
});
