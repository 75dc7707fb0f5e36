import { describe, expect, it } from "vitest";
import { medicalRecordSchema } from "./medical-record.ts";
import { codesOf, issuesOf } from "./test-helpers.ts";

const on = "2025-09-01";
const returning10 = medicalRecordSchema({ isNewStudent: false, birthDate: "2015-03-14", on });
const valid = {
  disease: false,
  takeMedication: false,
  hasIncapacity: false,
  disqualifiedSport: false,
  allergies: { medications: [{ item: "Penicilina", reaction: "Urticaria" }], foods: [], insects: [], other: [] },
  height: 138.5,
  weight: 32.4,
  authorizeEmergencyActions: true,
  declarationOfTruth: true,
};

describe("medical record", () => {
  it("accepts a complete record with decimal measurements", () => {
    expect(returning10.parse(valid)).toMatchObject({ height: 138.5, weight: 32.4 });
  });
  it("needs an observation for each yes", () => {
    expect(
      issuesOf(returning10, { ...valid, disease: true, takeMedication: true, takeMedicationObservation: " " }),
    ).toEqual([
      "diseaseObservation: validation.observationRequired",
      "takeMedicationObservation: validation.observationRequired",
    ]);
    expect(returning10.safeParse({ ...valid, disease: true, diseaseObservation: "Asma leve" }).success).toBe(true);
  });
  it("needs the disability certificate and its observation", () => {
    expect(issuesOf(returning10, { ...valid, hasIncapacity: true })).toEqual([
      "incapacityObservation: validation.observationRequired",
      "incapacityCertificateFileId: validation.incapacityCertificate",
    ]);
    const ok = { ...valid, hasIncapacity: true, incapacityObservation: "Auditiva", incapacityCertificateFileId: 9 };
    expect(returning10.safeParse(ok).success).toBe(true);
  });
  it("needs a certificate or a justification for a sports exemption", () => {
    expect(issuesOf(returning10, { ...valid, disqualifiedSport: true })).toEqual([
      "disqualifiedSportObservation: validation.sportExemptionProof",
    ]);
    expect(returning10.safeParse({ ...valid, disqualifiedSport: true, disqualifiedSportFileId: 4 }).success).toBe(true);
    expect(
      returning10.safeParse({ ...valid, disqualifiedSport: true, disqualifiedSportObservation: "Fractura" }).success,
    ).toBe(true);
  });
  it("needs the vaccination booklet for a new student or a student up to 6", () => {
    const fiveYearOld = medicalRecordSchema({ isNewStudent: false, birthDate: "2020-05-01", on });
    expect(issuesOf(fiveYearOld, valid)).toEqual(["vaccinationBookletFileId: validation.vaccinationBooklet"]);
    expect(fiveYearOld.safeParse({ ...valid, vaccinationBookletFileId: 2 }).success).toBe(true);
    const newTenYearOld = medicalRecordSchema({ isNewStudent: true, birthDate: "2015-03-14", on });
    expect(issuesOf(newTenYearOld, valid)).toEqual(["vaccinationBookletFileId: validation.vaccinationBooklet"]);
    expect(returning10.safeParse(valid).success).toBe(true);
  });
  it("keeps height and weight within plausible bounds", () => {
    expect(issuesOf(returning10, { ...valid, height: 500 })).toEqual(["height: validation.height"]);
    expect(issuesOf(returning10, { ...valid, height: "138" })).toEqual(["height: validation.height"]);
    expect(issuesOf(returning10, { ...valid, weight: 0.5 })).toEqual(["weight: validation.weight"]);
  });
  it("takes allergies as {item, reaction} in the four groups", () => {
    expect(issuesOf(returning10, { ...valid, allergies: { ...valid.allergies, foods: [{ item: "Maní" }] } })).toEqual([
      "allergies.foods.0.reaction: validation.invalidType",
    ]);
    expect(codesOf(returning10, { ...valid, allergies: { ...valid.allergies, pollen: [] } })).toEqual([
      "unrecognized_keys",
    ]);
  });
  it("needs the declaration of truth and refuses unknown fields", () => {
    expect(issuesOf(returning10, { ...valid, declarationOfTruth: false })).toEqual([
      "declarationOfTruth: validation.declarationOfTruth",
    ]);
    expect(codesOf(returning10, { ...valid, diagnosis: "x" })).toEqual(["unrecognized_keys"]);
  });
});
