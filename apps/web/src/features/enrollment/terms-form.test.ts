import { termsSchema } from "@portal/shared/schemas/enrollment/terms";
import { describe, expect, it } from "vitest";
import { TERMS, toFormValues, toRequestBody } from "./terms-form.ts";

describe("terms form values", () => {
  it("starts with nothing accepted, and the schema names each text", () => {
    const values = toFormValues(null);
    expect(values).toEqual({ termsOfUse: false, dataUseAgreement: false, servicesContract: false });
    const result = termsSchema.safeParse(toRequestBody(values));
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual(
      TERMS.map((term) => [term, "validation.mustAccept"]),
    );
  });

  it("round-trips saved acceptance into a body the shared schema accepts", () => {
    const saved = { termsOfUse: true, dataUseAgreement: true, servicesContract: true };
    const body = toRequestBody(toFormValues(saved));
    expect(body).toEqual(saved);
    expect(termsSchema.safeParse(body).success).toBe(true);
  });

  it("refuses the step while one text is not accepted", () => {
    const body = toRequestBody({ termsOfUse: true, dataUseAgreement: false, servicesContract: true });
    expect(termsSchema.safeParse(body).error?.issues.map((issue) => issue.path.join("."))).toEqual([
      "dataUseAgreement",
    ]);
  });
});
