import { financeSchema } from "@portal/shared/schemas/enrollment/finance";
import { describe, expect, it } from "vitest";
import { financeEarlyChecks, payerFromRepresentative, toFormValues, toRequestBody } from "./finance-form.ts";

const saved = {
  paymentReference: "REPRESENTATIVE_1",
  namePaymentReference: "Carmen Loor",
  isScholarShip: false,
  typeIdentification: 1,
  documentNumber: "1714307103",
  email: "pagos@example.ec",
  lastName: "Loor",
  names: "Carmen",
  paymentMethod: "TRANSFER",
};

describe("finance form values", () => {
  it("starts empty with a cédula and the scholarship question unanswered", () => {
    const values = toFormValues(null);
    expect(values.typeIdentification).toBe("1");
    expect(values.isScholarShip).toBe("");
    expect(financeEarlyChecks(values)).toEqual({ isScholarShip: "validation.required" });
  });

  it("round-trips saved data into a body the shared schema accepts", () => {
    const values = toFormValues(saved);
    expect(values.isScholarShip).toBe("no");
    expect(financeEarlyChecks(values)).toEqual({});
    const body = toRequestBody(values);
    expect(body).toEqual({
      ...saved,
      companyScholarShip: undefined,
      contactCode: undefined,
      studentCodeSchoolYear: undefined,
      requestCode: undefined,
      secondName: undefined,
    });
    const parsed = financeSchema.safeParse(body);
    expect(parsed.success).toBe(true);
    expect(toFormValues(parsed.data as Record<string, unknown>)).toEqual(values);
  });

  it("keeps the scholarship organization only with a scholarship, which then needs it", () => {
    const withOrg = { ...toFormValues(saved), isScholarShip: "no", companyScholarShip: "Fundación X" };
    expect(toRequestBody(withOrg).companyScholarShip).toBeUndefined();
    const scholarship = { ...withOrg, isScholarShip: "yes", companyScholarShip: "" };
    expect(financeSchema.safeParse(toRequestBody(scholarship)).error?.issues.map((i) => i.message)).toEqual([
      "validation.scholarshipCompany",
    ]);
    const body = toRequestBody({ ...scholarship, companyScholarShip: "Fundación X" });
    expect(financeSchema.safeParse(body).success).toBe(true);
  });

  it("keeps a passport and the optional codes", () => {
    const values = {
      ...toFormValues(saved),
      typeIdentification: "2",
      documentNumber: "X1234567",
      contactCode: "C-204",
      requestCode: "R-2025-17",
    };
    const body = toRequestBody(values);
    expect(body.typeIdentification).toBe(2);
    expect(body.contactCode).toBe("C-204");
    expect(financeSchema.safeParse(body).success).toBe(true);
  });

  it("fills the payer in from a representative's saved step", () => {
    const payer = payerFromRepresentative({
      firstName: "Loor",
      secondName: "Vera",
      names: "Carmen",
      typeIdentification: 2,
      documentNumber: "PASS10001",
      email: "rep1@example.ec",
    });
    expect(payer).toEqual({
      namePaymentReference: "Carmen Loor Vera",
      lastName: "Loor",
      secondName: "Vera",
      names: "Carmen",
      typeIdentification: "2",
      documentNumber: "PASS10001",
      email: "rep1@example.ec",
    });
    expect(payerFromRepresentative({ declined: true, reason: "…" })).toBeNull();
    expect(payerFromRepresentative(null)).toBeNull();
  });
});
