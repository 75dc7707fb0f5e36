import { enrollmentYearSchemaFor } from "@portal/shared/schemas/enrollment/enrollment-year";
import { describe, expect, it } from "vitest";
import { previousLevelOf, toFormValues, toRequestBody } from "./enrollment-year-form.ts";

const ALL = ["TPS", "PS", "MS", "GS", "CP", "CE1", "CE2", "CM1", "CM2"];
const newFile = { schoolYearId: 11, isNewStudent: true, requestableLevels: ALL };
const reEnrollment = { schoolYearId: 11, isNewStudent: false, requestableLevels: ["6E"] };

describe("enrollment year form values", () => {
  it("starts a new student's file as a first enrollment in the file's year, no level chosen", () => {
    expect(toFormValues(null, newFile)).toEqual({ schoolYearId: 11, firstInscription: "1", levelCode: "" });
  });

  it("round-trips saved data into a body the shared schema accepts", () => {
    const values = toFormValues({ schoolYearId: 11, firstInscription: 2, levelCode: "CM2" }, newFile);
    expect(values).toEqual({ schoolYearId: 11, firstInscription: "2", levelCode: "CM2" });
    const body = toRequestBody(values);
    expect(body).toEqual({ schoolYearId: 11, firstInscription: 2, levelCode: "CM2" });
    expect(enrollmentYearSchemaFor({ isNewStudent: true }).safeParse(body).success).toBe(true);
  });

  it("always uses the file's school year, not an older saved one", () => {
    expect(toFormValues({ schoolYearId: 10, levelCode: "CM2" }, newFile).schoolYearId).toBe(11);
  });

  it("makes a re-enrollment a re-enrollment and offers its only level", () => {
    const values = toFormValues(null, reEnrollment);
    expect(values).toEqual({ schoolYearId: 11, firstInscription: "2", levelCode: "6E" });
    const schema = enrollmentYearSchemaFor({ isNewStudent: false, currentLevel: "CM2" });
    expect(schema.safeParse(toRequestBody(values)).success).toBe(true);
    // A level that is no longer allowed is not kept.
    expect(toFormValues({ levelCode: "CM2", firstInscription: 1 }, reEnrollment).levelCode).toBe("6E");
    expect(schema.safeParse(toRequestBody({ ...values, levelCode: "5E" })).error?.issues[0]?.message).toBe(
      "validation.levelNotAllowed",
    );
  });

  it("leaves the level empty so the schema asks for it", () => {
    const result = enrollmentYearSchemaFor({ isNewStudent: true }).safeParse(
      toRequestBody(toFormValues(null, newFile)),
    );
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["levelCode", "validation.level"],
    ]);
  });

  it("reads the previous level of the context", () => {
    expect(previousLevelOf("CM2")).toBe("CM2");
    expect(previousLevelOf("XX")).toBeNull();
    expect(previousLevelOf(null)).toBeNull();
  });
});
