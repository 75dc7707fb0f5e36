import { transportSchema } from "@portal/shared/schemas/enrollment/transport";
import { describe, expect, it } from "vitest";
import { toFormValues, toRequestBody } from "./transport-form.ts";

describe("school transport form values", () => {
  it("starts unanswered", () => {
    expect(toFormValues(null)).toEqual({ wantsBus: "", acceptsConditions: false });
    expect(transportSchema.safeParse(toRequestBody(toFormValues(null))).success).toBe(false);
  });

  it("round-trips a family that wants the bus and accepts its conditions", () => {
    const saved = { wantsBus: true, acceptsConditions: true };
    const values = toFormValues(saved);
    expect(values).toEqual({ wantsBus: "yes", acceptsConditions: true });
    const body = toRequestBody(values);
    expect(body).toEqual(saved);
    expect(transportSchema.safeParse(body).success).toBe(true);
  });

  it("round-trips a family without the bus, leaving the conditions out", () => {
    const body = toRequestBody(toFormValues({ wantsBus: false, acceptsConditions: false }));
    expect(body).toEqual({ wantsBus: false });
    expect(transportSchema.parse(body)).toEqual({ wantsBus: false, acceptsConditions: false });
  });

  it("ignores a ticked box once the bus is no longer wanted", () => {
    expect(toRequestBody({ wantsBus: "no", acceptsConditions: true })).toEqual({ wantsBus: false });
    expect(toFormValues({ wantsBus: false, acceptsConditions: true }).acceptsConditions).toBe(false);
  });

  it("needs the conditions accepted when the bus is wanted", () => {
    const result = transportSchema.safeParse(toRequestBody({ wantsBus: "yes", acceptsConditions: false }));
    expect(result.error?.issues).toMatchObject([
      { path: ["acceptsConditions"], message: "validation.transportConditions" },
    ]);
  });
});
