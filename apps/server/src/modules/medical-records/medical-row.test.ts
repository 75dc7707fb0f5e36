import { describe, expect, it } from "vitest";
import { codesOf, medicalRow } from "./medical-row.ts";

const base = { id: 7, code: "REQ-7", student_name: "Ana Andrade", level_code: "CM2", request_status: "Accepted" };
const label = (catalog: string, code: string) => `${catalog}/${code}`;

describe("medicalRow", () => {
  it("reads the four allergy groups, the yes/no answers with their text, blood type and contacts", () => {
    const row = medicalRow(
      {
        ...base,
        medicalRecord: {
          allergies: { medications: [{ item: " Penicilina ", reaction: "Urticaria" }], foods: [], insects: "bad" },
          takeMedication: true,
          takeMedicationObservation: "Salbutamol",
          disease: false,
          diseaseObservation: "ignored when no",
          authorizeEmergencyActions: false,
        },
        studentFile: { bloodType: "O+", emergencyContacts: [{ name: "Rosa", relationship: "AUNT", phone: "099" }, 3] },
      },
      label,
    );
    expect(row.allergies).toEqual({
      medications: [{ item: "Penicilina", reaction: "Urticaria" }],
      foods: [],
      insects: [],
      other: [],
    });
    expect(row.medication).toEqual({ yes: true, text: "Salbutamol" });
    expect(row.disease).toEqual({ yes: false, text: "ignored when no" });
    expect(row.emergencyMeasuresAuthorized).toBe(false);
    expect(row.bloodType).toBe("bloodTypes/O+");
    expect(row.emergencyContacts).toEqual([{ name: "Rosa", relationship: "relationships/AUNT", phone: "099" }]);
    expect(row.hasRecord).toBe(true);
  });

  it("reads a file without a medical record as empty, not as a failure", () => {
    const row = medicalRow({ ...base, level_code: "??" }, label);
    expect(row).toMatchObject({ hasRecord: false, emergencyMeasuresAuthorized: null, bloodType: "", levelCode: null });
    expect(row.emergencyContacts).toEqual([]);
  });

  it("collects the catalogue codes to label, once each", () => {
    const studentFile = { bloodType: "A-", emergencyContacts: [{ relationship: "AUNT" }, { relationship: "AUNT" }] };
    expect(codesOf([{ ...base, studentFile }, { ...base }]).sort()).toEqual(["A-", "AUNT"]);
  });
});
