import { academicHistorySchema, academicHistorySchemaFor } from "@portal/shared/schemas/enrollment/academic-history";
import { describe, expect, it } from "vitest";
import {
  academicHistoryEarlyChecks,
  previousLevelOptions,
  toFormValues,
  toRequestBody,
} from "./academic-history-form.ts";

const saved = {
  previousLevel: "5.º EGB",
  repeatingClass: false,
  institutionCountry: "EC",
  institutionCity: "Cuenca",
  institutionName: "Unidad Educativa Santa Ana",
  aefeAccredited: true,
};

describe("academic history form values", () => {
  it("starts unanswered and asks the first question", () => {
    const values = toFormValues(null);
    expect(values.schooledBefore).toBe("");
    expect(values.repeatingClass).toBe("");
    expect(academicHistoryEarlyChecks(values)).toEqual({ schooledBefore: "validation.required" });
  });

  it("round-trips a previous school into a body the shared schema accepts", () => {
    const values = toFormValues(saved);
    expect(values.schooledBefore).toBe("yes");
    expect(values.aefeAccredited).toBe("yes");
    expect(academicHistoryEarlyChecks(values)).toEqual({});
    const body = toRequestBody(values);
    expect(body).toEqual(saved);
    // "5.º EGB" was typed before the level list: that record keeps it; a new answer is a level.
    expect(academicHistorySchemaFor({ savedPreviousLevel: saved.previousLevel }).safeParse(body).success).toBe(true);
    expect(academicHistorySchema.safeParse(body).success).toBe(false);
    expect(academicHistorySchema.safeParse({ ...body, previousLevel: "CM1" }).success).toBe(true);
  });

  it("offers the level list, plus an answer typed before the list so it stays readable and chosen", () => {
    const levels = [
      { value: "CM1", label: "CM1 (4.º EGB)" },
      { value: "CM2", label: "CM2 (5.º EGB)" },
    ];
    const typed = (value: string) => `«${value}» (typed before)`;
    expect(previousLevelOptions(levels, "", typed)).toEqual(levels);
    expect(previousLevelOptions(levels, "CM2", typed)).toEqual(levels);
    expect(previousLevelOptions(levels, "5.º EGB", typed)).toEqual([
      ...levels,
      { value: "5.º EGB", label: "«5.º EGB» (typed before)" },
    ]);
  });

  it("sends no previous school after a no, whatever the hidden inputs still hold", () => {
    const values = { ...toFormValues(saved), schooledBefore: "no" };
    const body = toRequestBody(values);
    expect(body).toEqual({ repeatingClass: false, aefeAccredited: false });
    expect(academicHistorySchema.safeParse(body).success).toBe(true);
    // Read back, a save without a previous school is a "no".
    expect(toFormValues(academicHistorySchema.parse(body)).schooledBefore).toBe("no");
  });

  it("asks for the school's name and both answers once the student was at school", () => {
    const values = { ...toFormValues(null), schooledBefore: "yes" };
    expect(academicHistoryEarlyChecks(values)).toEqual({
      institutionName: "validation.required",
      repeatingClass: "validation.required",
      aefeAccredited: "validation.required",
    });
  });

  it("lets the schema ask for the country of a named school", () => {
    const body = toRequestBody({ ...toFormValues(saved), previousLevel: "CM2", institutionCountry: "" });
    expect(academicHistorySchema.safeParse(body).error?.issues.map((issue) => issue.path.join("."))).toEqual([
      "institutionCountry",
    ]);
  });
});
