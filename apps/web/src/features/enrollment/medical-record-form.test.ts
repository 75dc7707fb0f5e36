import { medicalRecordSchema } from "@portal/shared/schemas/enrollment/medical-record";
import { describe, expect, it } from "vitest";
import {
  bookletRequiredFor,
  EMPTY_ALLERGY,
  earlyChecks,
  type MedicalRecordValues,
  toFormValues,
  toRequestBody,
} from "./medical-record-form.ts";

const on = "2025-09-01";
const returning10 = medicalRecordSchema({ isNewStudent: false, birthDate: "2015-03-14", on });
const newStudent = medicalRecordSchema({ isNewStudent: true, birthDate: "2015-03-14", on });

const saved = {
  disease: true,
  diseaseObservation: "Asma leve",
  takeMedication: false,
  hasIncapacity: true,
  incapacityObservation: "Hipoacusia",
  incapacityCertificateFileId: 9,
  disqualifiedSport: true,
  disqualifiedSportObservation: "Fractura de muñeca",
  vaccinationBookletFileId: 3,
  allergies: {
    medications: [{ item: "Penicilina", reaction: "Urticaria" }],
    foods: [{ item: "Maní", reaction: "Hinchazón" }],
    insects: [],
    other: [],
  },
  height: 138.5,
  weight: 32.4,
  treatmentReceived: "Inhalador en crisis",
  authorizeEmergencyActions: true,
  declarationOfTruth: true,
};

const allNo: MedicalRecordValues = {
  ...toFormValues(null),
  disease: "no",
  takeMedication: "no",
  hasIncapacity: "no",
  disqualifiedSport: "no",
  height: "138",
  weight: "32,4",
  authorizeEmergencyActions: "yes",
  declarationOfTruth: true,
};

describe("medical record form values", () => {
  it("starts unanswered, with no allergies and no uploads", () => {
    const values = toFormValues(null);
    expect(values.disease).toBe("");
    expect(values.authorizeEmergencyActions).toBe("");
    expect(values.declarationOfTruth).toBe(false);
    expect(values.vaccinationBookletFileId).toBeNull();
    expect(values.allergies).toEqual({ medications: [], foods: [], insects: [], other: [] });
    expect(values.height).toBe("");
  });

  it("round-trips saved data into a body the shared schema accepts", () => {
    const values = toFormValues(saved);
    expect(values.disease).toBe("yes");
    expect(values.takeMedication).toBe("no");
    expect(values.height).toBe("138.5");
    expect(values.allergies.foods).toEqual([{ item: "Maní", reaction: "Hinchazón" }]);
    const body = toRequestBody(values);
    expect(body).toEqual(saved);
    expect(returning10.parse(body)).toEqual(saved);
  });

  it("keeps the allergies of each group apart, entry by entry", () => {
    const values: MedicalRecordValues = {
      ...allNo,
      allergies: {
        medications: [],
        foods: [{ item: "Mariscos", reaction: "Vómito" }],
        insects: [
          { item: "Abeja", reaction: "Anafilaxia" },
          { item: "Hormiga", reaction: "Ronchas" },
        ],
        other: [{ item: "Látex", reaction: "Dermatitis" }],
      },
    };
    const body = toRequestBody(values);
    expect(body.allergies).toEqual(values.allergies);
    expect(returning10.safeParse(body).success).toBe(true);
    // An entry added and left blank is sent where it is, so its error lands on its row.
    const withBlank = toRequestBody({ ...values, allergies: { ...values.allergies, foods: [{ ...EMPTY_ALLERGY }] } });
    const result = returning10.safeParse(withBlank);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual([
      "allergies.foods.0.item",
      "allergies.foods.0.reaction",
    ]);
  });

  it("turns height and weight into numbers, with a decimal comma", () => {
    const body = toRequestBody({ ...allNo, height: " 138,5 ", weight: "32,4" });
    expect(body.height).toBe(138.5);
    expect(body.weight).toBe(32.4);
    expect(returning10.safeParse(body).success).toBe(true);
    const blank = returning10.safeParse(toRequestBody({ ...allNo, height: "", weight: "abc" }));
    expect(blank.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`)).toEqual([
      "height: validation.height",
      "weight: validation.weight",
    ]);
    expect(returning10.safeParse(toRequestBody({ ...allNo, height: "300" })).success).toBe(false);
  });

  it("drops the observations and certificates of questions answered no", () => {
    const body = toRequestBody({
      ...allNo,
      diseaseObservation: "typed before answering no",
      takeMedicationObservation: "Ibuprofeno",
      incapacityObservation: "x",
      incapacityCertificateFileId: 9,
      disqualifiedSportObservation: "y",
      disqualifiedSportFileId: 4,
      treatmentReceived: "  ",
    });
    expect(body).toEqual({
      disease: false,
      takeMedication: false,
      hasIncapacity: false,
      disqualifiedSport: false,
      allergies: { medications: [], foods: [], insects: [], other: [] },
      height: 138,
      weight: 32.4,
      authorizeEmergencyActions: true,
      declarationOfTruth: true,
    });
    expect(returning10.safeParse(body).success).toBe(true);
  });

  it("leaves unanswered questions out so the schema asks for them", () => {
    const result = returning10.safeParse(toRequestBody(toFormValues(null)));
    const paths = result.error?.issues.map((issue) => issue.path.join(".")) ?? [];
    expect(paths).toEqual(
      expect.arrayContaining([
        "disease",
        "takeMedication",
        "hasIncapacity",
        "disqualifiedSport",
        "height",
        "weight",
        "authorizeEmergencyActions",
        "declarationOfTruth",
      ]),
    );
  });

  it("reports the cross-field rules at once, like the schema's refinement", () => {
    expect(earlyChecks(allNo, false)).toEqual({});
    expect(earlyChecks(allNo, true)).toEqual({ vaccinationBookletFileId: "validation.vaccinationBooklet" });
    const yes = {
      ...allNo,
      disease: "yes",
      takeMedication: "yes",
      hasIncapacity: "yes",
      disqualifiedSport: "yes",
    } as const;
    expect(earlyChecks(yes, false)).toEqual({
      diseaseObservation: "validation.observationRequired",
      takeMedicationObservation: "validation.observationRequired",
      incapacityObservation: "validation.observationRequired",
      incapacityCertificateFileId: "validation.incapacityCertificate",
      disqualifiedSportObservation: "validation.sportExemptionProof",
    });
    // The same issues the schema raises once the rest is valid.
    const schemaIssues = returning10.safeParse(toRequestBody(yes)).error?.issues ?? [];
    expect(Object.fromEntries(schemaIssues.map((issue) => [issue.path.join("."), issue.message]))).toEqual(
      earlyChecks(yes, false),
    );
    // A certificate alone is enough for the sports exemption.
    expect(earlyChecks({ ...allNo, disqualifiedSport: "yes", disqualifiedSportFileId: 4 }, false)).toEqual({});
    expect(newStudent.safeParse(toRequestBody({ ...allNo, vaccinationBookletFileId: 2 })).success).toBe(true);
  });

  it("asks for the booklet for new students and students up to 6 years old", () => {
    expect(bookletRequiredFor({ isNewStudent: true, birthDate: "2015-03-14" }, on)).toBe(true);
    expect(bookletRequiredFor({ isNewStudent: false, birthDate: "2015-03-14" }, on)).toBe(false);
    expect(bookletRequiredFor({ isNewStudent: false, birthDate: "2019-09-02" }, on)).toBe(true);
    expect(bookletRequiredFor({ isNewStudent: false, birthDate: "2018-09-01" }, on)).toBe(false);
    expect(bookletRequiredFor({ isNewStudent: false, birthDate: null }, on)).toBe(false);
  });
});
