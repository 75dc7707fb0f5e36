import { describe, expect, it } from "vitest";
import { academicHistorySchema, academicHistorySchemaFor } from "./academic-history.ts";
import { enrollmentYearSchema, enrollmentYearSchemaFor } from "./enrollment-year.ts";
import { exitAuthorizationSchema } from "./exit-authorization.ts";
import { financeSchema } from "./finance.ts";
import { studentPhotoSchema } from "./student-photo.ts";
import { termsSchema } from "./terms.ts";
import { codesOf, issuesOf, VALID_CEDULA } from "./test-helpers.ts";
import { transportSchema } from "./transport.ts";

describe("enrollment year", () => {
  const year = { schoolYearId: 10, firstInscription: 2, levelCode: "6E" };
  it("accepts a known level and defaults to a re-enrollment", () => {
    expect(enrollmentYearSchema.parse({ schoolYearId: 10, levelCode: "CP" }).firstInscription).toBe(2);
    expect(issuesOf(enrollmentYearSchema, { ...year, levelCode: "7E" })).toEqual(["levelCode: validation.level"]);
    expect(issuesOf(enrollmentYearSchema, { ...year, schoolYearId: 0 })).toEqual([
      "schoolYearId: validation.schoolYearRequired",
    ]);
  });
  it("lets a re-enrollment request only the next level", () => {
    const schema = enrollmentYearSchemaFor({ isNewStudent: false, currentLevel: "CM2" });
    expect(schema.safeParse(year).success).toBe(true);
    expect(issuesOf(schema, { ...year, levelCode: "5E" })).toEqual(["levelCode: validation.levelNotAllowed"]);
    expect(issuesOf(schema, { ...year, levelCode: "CM2" })).toEqual(["levelCode: validation.levelNotAllowed"]);
    const finished = enrollmentYearSchemaFor({ isNewStudent: false, currentLevel: "TLE" });
    expect(issuesOf(finished, { ...year, levelCode: "TLE" })).toEqual(["levelCode: validation.levelNotAllowed"]);
  });
  it("lets a new student request any level", () => {
    const schema = enrollmentYearSchemaFor({ isNewStudent: true });
    expect(schema.safeParse({ ...year, firstInscription: 1, levelCode: "1RE" }).success).toBe(true);
  });
});

describe("terms", () => {
  const all = { termsOfUse: true, dataUseAgreement: true, servicesContract: true };
  it("needs all three accepted", () => {
    expect(termsSchema.safeParse(all).success).toBe(true);
    expect(issuesOf(termsSchema, { ...all, servicesContract: false })).toEqual([
      "servicesContract: validation.mustAccept",
    ]);
    expect(issuesOf(termsSchema, { termsOfUse: true, dataUseAgreement: true })).toEqual([
      "servicesContract: validation.mustAccept",
    ]);
    expect(codesOf(termsSchema, { ...all, marketing: true })).toEqual(["unrecognized_keys"]);
  });
});

describe("student photo", () => {
  const photo = {
    photoFileId: 5,
    authorizeUse: true,
    authorizePublication: false,
    authorizeCommunication: false,
    authorizeConservation: true,
  };
  it("needs the photo and an answer for each of the four authorizations", () => {
    expect(studentPhotoSchema.safeParse(photo).success).toBe(true);
    expect(issuesOf(studentPhotoSchema, { ...photo, photoFileId: undefined })).toEqual([
      "photoFileId: validation.fileRequired",
    ]);
    const { authorizeConservation: _, ...missing } = photo;
    expect(issuesOf(studentPhotoSchema, missing)).toEqual(["authorizeConservation: validation.required"]);
  });
});

describe("academic history", () => {
  it("accepts an empty history and a previous school with its country", () => {
    expect(academicHistorySchema.parse({})).toEqual({ repeatingClass: false, aefeAccredited: false });
    const history = {
      previousLevel: "CM1",
      repeatingClass: false,
      institutionCountry: "FR",
      institutionCity: "Lyon",
      institutionName: "École Jean Moulin",
      aefeAccredited: true,
    };
    expect(academicHistorySchema.safeParse(history).success).toBe(true);
    expect(issuesOf(academicHistorySchema, { ...history, institutionCountry: undefined })).toEqual([
      "institutionCountry: validation.required",
    ]);
  });

  it("takes the last level attended from the level list, and keeps a free text saved before the list", () => {
    expect(issuesOf(academicHistorySchema, { previousLevel: "5.º EGB" })).toEqual(["previousLevel: validation.level"]);
    const legacy = academicHistorySchemaFor({ savedPreviousLevel: "5.º EGB" });
    expect(legacy.safeParse({ previousLevel: "5.º EGB" }).success).toBe(true);
    expect(legacy.safeParse({ previousLevel: "CM1" }).success).toBe(true);
    expect(issuesOf(legacy, { previousLevel: "6.º EGB" })).toEqual(["previousLevel: validation.level"]);
  });
});

describe("finance", () => {
  const finance = {
    paymentReference: "REPRESENTATIVE_1",
    namePaymentReference: "Carmen Loor",
    documentNumber: VALID_CEDULA,
    email: "pagos@example.ec",
    lastName: "Loor",
    names: "Carmen",
    paymentMethod: "TRANSFER",
  };
  it("accepts a payer and defaults to no scholarship", () => {
    expect(financeSchema.parse(finance)).toMatchObject({ isScholarShip: false, typeIdentification: 1 });
  });
  it("needs the organization of a scholarship and a valid payer document", () => {
    expect(issuesOf(financeSchema, { ...finance, isScholarShip: true })).toEqual([
      "companyScholarShip: validation.scholarshipCompany",
    ]);
    expect(
      financeSchema.safeParse({ ...finance, isScholarShip: true, companyScholarShip: "Fundación X" }).success,
    ).toBe(true);
    expect(issuesOf(financeSchema, { ...finance, documentNumber: "1714307104" })).toEqual([
      "documentNumber: validation.documentNumber",
    ]);
    expect(issuesOf(financeSchema, { ...finance, paymentMethod: "" })).toEqual(["paymentMethod: validation.required"]);
  });
});

describe("transport", () => {
  it("needs the conditions accepted when the bus is wanted", () => {
    expect(transportSchema.safeParse({ wantsBus: false }).success).toBe(true);
    expect(transportSchema.safeParse({ wantsBus: true, acceptsConditions: true }).success).toBe(true);
    expect(issuesOf(transportSchema, { wantsBus: true, acceptsConditions: false })).toEqual([
      "acceptsConditions: validation.transportConditions",
    ]);
    expect(issuesOf(transportSchema, { wantsBus: true })).toEqual([
      "acceptsConditions: validation.transportConditions",
    ]);
  });
});

describe("exit authorization", () => {
  const exit = { emergencyPreference: "WAIT_EVACUATION", publishImage: true, events: true, pedagogicExits: true };
  it("allows exit alone, midday break and free periods in the upper years", () => {
    const upper = { ...exit, exitAlone: true, middayBreak: true, freePeriods: true };
    expect(exitAuthorizationSchema("2NDE").safeParse(upper).success).toBe(true);
    expect(exitAuthorizationSchema("TLE").safeParse(upper).success).toBe(true);
  });
  it("refuses them below Seconde", () => {
    expect(exitAuthorizationSchema("CM2").parse(exit)).toMatchObject({ exitAlone: false, middayBreak: false });
    expect(issuesOf(exitAuthorizationSchema("CM2"), { ...exit, exitAlone: true })).toEqual([
      "exitAlone: validation.upperYearsOnly",
    ]);
    expect(issuesOf(exitAuthorizationSchema("3E"), { ...exit, middayBreak: true, freePeriods: true })).toEqual([
      "middayBreak: validation.upperYearsOnly",
      "freePeriods: validation.upperYearsOnly",
    ]);
  });
  it("needs an emergency preference from the list", () => {
    expect(issuesOf(exitAuthorizationSchema("CP"), { ...exit, emergencyPreference: "RUN" })).toEqual([
      "emergencyPreference: validation.choice",
    ]);
  });
});
