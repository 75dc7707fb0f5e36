import { STEP_IDS } from "@portal/shared/enrollment-steps";
import { describe, expect, it } from "vitest";
import { schemaForStep } from "../modules/enrollment/step-schemas.ts";
import { demoPastSteps } from "./demo-students.ts";

describe("demo returning student", () => {
  it("has last year's twelve steps, each valid under the shared schema the server applies", () => {
    const steps = demoPastSteps({ identityDocument: 1, mother: 2, motherDocument: 3, photo: 4, booklet: 5 });
    expect(Object.keys(steps)).toEqual([...STEP_IDS]);
    const context = {
      isNewStudent: true,
      previousLevel: null,
      requestedLevel: "CM1" as const,
      birthDate: "2014-05-20",
    };
    for (const step of STEP_IDS) {
      const data = steps[step];
      const result = schemaForStep(step, data, context).safeParse(data);
      expect(result.error?.issues ?? [], step).toEqual([]);
    }
  });
});
