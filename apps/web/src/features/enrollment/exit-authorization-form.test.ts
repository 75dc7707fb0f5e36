import { exitAuthorizationSchema } from "@portal/shared/schemas/enrollment/exit-authorization";
import { describe, expect, it } from "vitest";
import { exitLevel, toFormValues, toRequestBody } from "./exit-authorization-form.ts";

const upperSaved = {
  exitAlone: true,
  emergencyPreference: "WITHDRAW_ASAP",
  publishImage: false,
  events: true,
  pedagogicExits: true,
  middayBreak: true,
  freePeriods: false,
};

describe("exit authorization form values", () => {
  it("takes the requested level, or TPS like the server when there is none", () => {
    expect(exitLevel("2NDE")).toBe("2NDE");
    expect(exitLevel("CM2")).toBe("CM2");
    expect(exitLevel(null)).toBe("TPS");
    expect(exitLevel("XYZ")).toBe("TPS");
  });

  it("starts unanswered", () => {
    const values = toFormValues(null, "CM2");
    expect(values).toEqual({
      exitAlone: false,
      emergencyPreference: "",
      publishImage: "",
      events: "",
      pedagogicExits: "",
      middayBreak: false,
      freePeriods: false,
    });
    expect(exitAuthorizationSchema("CM2").safeParse(toRequestBody(values, "CM2")).success).toBe(false);
  });

  it("round-trips an upper-year student's authorizations", () => {
    const values = toFormValues(upperSaved, "2NDE");
    expect(values.exitAlone).toBe(true);
    expect(values.publishImage).toBe("no");
    const body = toRequestBody(values, "2NDE");
    expect(body).toEqual(upperSaved);
    expect(exitAuthorizationSchema("2NDE").safeParse(body).success).toBe(true);
  });

  it("neither keeps nor sends upper-year authorizations for a lower level", () => {
    const values = toFormValues(upperSaved, "CM2");
    expect(values.exitAlone).toBe(false);
    expect(values.middayBreak).toBe(false);
    const body = toRequestBody({ ...values, exitAlone: true, middayBreak: true, freePeriods: true }, "CM2");
    expect(body).toEqual({
      emergencyPreference: "WITHDRAW_ASAP",
      publishImage: false,
      events: true,
      pedagogicExits: true,
    });
    expect(exitAuthorizationSchema("CM2").parse(body)).toMatchObject({
      exitAlone: false,
      middayBreak: false,
      freePeriods: false,
    });
  });

  it("asks for the emergency preference and each yes/no answer", () => {
    const result = exitAuthorizationSchema("TLE").safeParse(toRequestBody(toFormValues(null, "TLE"), "TLE"));
    expect(result.error?.issues.map((issue) => issue.path[0]).sort()).toEqual([
      "emergencyPreference",
      "events",
      "pedagogicExits",
      "publishImage",
    ]);
  });
});
