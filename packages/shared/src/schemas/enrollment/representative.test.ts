import { describe, expect, it } from "vitest";
import { representativeSchema, secondRepresentativeDeclinedSchema } from "./representative.ts";
import { codesOf, issuesOf, VALID_CEDULA } from "./test-helpers.ts";

const valid = {
  typeRepresentative: 1,
  isAccountHolder: true,
  civilStatus: "MARRIED",
  isLegalRepresentative: true,
  relationshipStudentCode: "MOTHER",
  firstName: "Loor",
  names: "Carmen",
  photoFileId: 3,
  birthDate: "1985-06-01",
  birthCountry: "EC",
  birthCity: "Guayaquil",
  primaryNationality: "EC",
  email: "carmen@example.ec",
  emailConfirmation: "Carmen@Example.ec",
  countryResidence: "EC",
  cityResidence: "Quito",
  address: "Av. 6 de Diciembre N30-10",
  cellPhone: "099 123 4567",
  cellPhoneConfirmation: "0991234567",
  professionalSituation: "EMPLOYED",
  categoryWork: "PCS3",
  shareContacts: false,
  documentFileId: 4,
  documentNumber: VALID_CEDULA,
};

describe("legal representative", () => {
  it("accepts representative 1 and 2 with the same schema, and applies the defaults", () => {
    const parsed = representativeSchema.parse(valid);
    expect(parsed).toMatchObject({ prefix: "Sr.", typeIdentification: 1, formerStudent: false });
    expect(representativeSchema.safeParse({ ...valid, typeRepresentative: 2, isAccountHolder: false }).success).toBe(
      true,
    );
    expect(issuesOf(representativeSchema, { ...valid, typeRepresentative: 3 })).toEqual([
      "typeRepresentative: validation.choice",
    ]);
  });
  it("refuses a mismatched e-mail or cell phone confirmation", () => {
    expect(issuesOf(representativeSchema, { ...valid, emailConfirmation: "carmen@example.com" })).toEqual([
      "emailConfirmation: validation.emailMismatch",
    ]);
    expect(issuesOf(representativeSchema, { ...valid, cellPhoneConfirmation: "0991234560" })).toEqual([
      "cellPhoneConfirmation: validation.cellPhoneMismatch",
    ]);
  });
  it("refuses a bad cédula and a bad passport", () => {
    expect(issuesOf(representativeSchema, { ...valid, documentNumber: "1714307104" })).toEqual([
      "documentNumber: validation.documentNumber",
    ]);
    expect(issuesOf(representativeSchema, { ...valid, typeIdentification: 2, documentNumber: "P12" })).toEqual([
      "documentNumber: validation.documentNumber",
    ]);
  });
  it("needs relationshipOther when the relationship is OTHER", () => {
    expect(issuesOf(representativeSchema, { ...valid, relationshipStudentCode: "OTHER" })).toEqual([
      "relationshipOther: validation.relationshipOther",
    ]);
    const other = { ...valid, relationshipStudentCode: "OTHER", relationshipOther: "Madrina" };
    expect(representativeSchema.safeParse(other).success).toBe(true);
  });
  it("needs the identity document and photo files", () => {
    expect(issuesOf(representativeSchema, { ...valid, documentFileId: undefined, photoFileId: undefined })).toEqual([
      "documentFileId: validation.fileRequired",
      "photoFileId: validation.fileRequired",
    ]);
  });
  it("needs a plausible graduation year for a former student", () => {
    expect(issuesOf(representativeSchema, { ...valid, formerStudent: true })).toEqual([
      "graduationYear: validation.graduationYear",
    ]);
    expect(issuesOf(representativeSchema, { ...valid, formerStudent: true, graduationYear: 3000 })).toEqual([
      "graduationYear: validation.graduationYear",
    ]);
    expect(representativeSchema.safeParse({ ...valid, formerStudent: true, graduationYear: 2003 }).success).toBe(true);
  });
  it("checks the optional phones and refuses unknown fields", () => {
    expect(issuesOf(representativeSchema, { ...valid, landline: "x" })).toEqual(["landline: validation.phone"]);
    expect(codesOf(representativeSchema, { ...valid, role: "Admin" })).toEqual(["unrecognized_keys"]);
  });
});

describe("declining the second representative", () => {
  it("needs a reason", () => {
    expect(secondRepresentativeDeclinedSchema.safeParse({ declined: true, reason: "Padre fallecido" }).success).toBe(
      true,
    );
    expect(issuesOf(secondRepresentativeDeclinedSchema, { declined: true, reason: "  " })).toEqual([
      "reason: validation.declineReason",
    ]);
    expect(issuesOf(secondRepresentativeDeclinedSchema, { declined: true })).toEqual([
      "reason: validation.declineReason",
    ]);
    expect(codesOf(secondRepresentativeDeclinedSchema, { declined: false, reason: "x" })).toEqual(["invalid_value"]);
  });
});
