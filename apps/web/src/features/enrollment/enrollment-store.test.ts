import { describe, expect, it } from "vitest";
import { INITIAL_INSCRIPTION, sanitizeInscription } from "./enrollment-store.ts";

describe("persisted inscription slice", () => {
  it("keeps well-formed ids and flags", () => {
    const stored = {
      currentInscription: 7,
      isNewStudent: false,
      positionStep: { currentStepNumber: 3, previusStepNumber: 2, nextStepNumber: 4 },
      stepState: { studentFile: true, enrollmentYear: false },
      academicYearSelected: 2,
    };
    expect(sanitizeInscription(stored)).toEqual(stored);
  });

  it("drops anything else (hand-edited storage, names, unknown steps)", () => {
    expect(
      sanitizeInscription({
        currentInscription: "7",
        isNewStudent: "no",
        positionStep: { currentStepNumber: 40 },
        stepState: { studentFile: "yes", bogus: true, terms: true },
        academicYearSelected: -1,
        studentName: "Ana",
      }),
    ).toEqual({
      ...INITIAL_INSCRIPTION,
      positionStep: { currentStepNumber: 15, previusStepNumber: 14, nextStepNumber: 15 },
      stepState: { terms: true },
    });
    expect(sanitizeInscription(undefined)).toEqual(INITIAL_INSCRIPTION);
  });
});
