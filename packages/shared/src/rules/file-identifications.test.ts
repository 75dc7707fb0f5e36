import { describe, expect, it } from "vitest";
import { comparableIdentification, identificationClash, type PeopleStep } from "./file-identifications.ts";

const STUDENT = "1714307103";
const steps: Partial<Record<PeopleStep, Record<string, unknown>>> = {
  studentFile: { names: "Ana", documentNumber: STUDENT, typeIdentification: 1 },
  firstRepresentative: { documentNumber: "0926687856", typeIdentification: 1 },
  secondRepresentative: { declined: true, reason: "—" },
  authorizedPersons: { persons: [{ documentNumber: "PA1234567", typeIdentification: 2 }] },
};
const other = (step: PeopleStep) => steps[step];

describe("one identification number per person of a file", () => {
  it("compares numbers as typed on the document: case, spaces, dots and dashes aside", () => {
    expect(comparableIdentification(" 17-1430.7103 ")).toBe(STUDENT);
    expect(comparableIdentification("pa 1234567")).toBe("PA1234567");
    expect(comparableIdentification(undefined)).toBe("");
  });

  it("refuses an authorised person with the student's own number, whatever its type, naming the field", () => {
    const persons = [
      { documentNumber: "0102030405", typeIdentification: 1 },
      { documentNumber: "1714307103", typeIdentification: 2 },
    ];
    expect(identificationClash("authorizedPersons", { persons }, other)).toEqual({
      path: ["persons", 1, "documentNumber"],
      message: "validation.sameIdentificationAsStudent",
    });
  });

  it("refuses a representative with the student's number", () => {
    const data = { typeRepresentative: 1, documentNumber: "171430-7103", typeIdentification: 1 };
    expect(identificationClash("firstRepresentative", data, other)).toEqual({
      path: ["documentNumber"],
      message: "validation.sameIdentificationAsStudent",
    });
  });

  it("refuses two people of the file with one number: a person and a representative, two persons, two representatives", () => {
    expect(identificationClash("authorizedPersons", { persons: [{ documentNumber: "0926687856" }] }, other)).toEqual({
      path: ["persons", 0, "documentNumber"],
      message: "validation.sameIdentificationInFile",
    });
    const twice = { persons: [{ documentNumber: "0102030405" }, { documentNumber: "0102030405" }] };
    expect(identificationClash("authorizedPersons", twice, other)?.message).toBe("validation.duplicateDocument");
    expect(identificationClash("secondRepresentative", { documentNumber: "0926687856" }, other)).toEqual({
      path: ["documentNumber"],
      message: "validation.sameIdentificationRepresentative",
    });
    // The student's number changed to a representative's is refused on the student's step.
    expect(identificationClash("studentFile", { documentNumber: "PA1234567" }, other)).toEqual({
      path: ["documentNumber"],
      message: "validation.sameIdentificationInFile",
    });
  });

  it("accepts every number its own, a declined representative, missing steps and steps naming no one", () => {
    expect(identificationClash("authorizedPersons", { persons: [{ documentNumber: "0102030405" }] }, other)).toBeNull();
    expect(identificationClash("secondRepresentative", { declined: true }, other)).toBeNull();
    expect(identificationClash("firstRepresentative", { documentNumber: STUDENT }, () => undefined)).toBeNull();
    expect(identificationClash("studentFile", { documentNumber: STUDENT }, other)).toBeNull();
    expect(identificationClash("medicalRecord", { documentNumber: STUDENT }, other)).toBeNull();
  });
});
