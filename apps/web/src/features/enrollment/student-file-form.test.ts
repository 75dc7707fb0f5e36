import { studentFileSchema } from "@portal/shared/schemas/enrollment/student-file";
import { describe, expect, it } from "vitest";
import { toFormValues, toRequestBody } from "./student-file-form.ts";

const saved = {
  gender: "F",
  firstName: "Pérez",
  secondName: "Loor",
  names: "Ana Lucía",
  birthDate: "2015-03-14",
  birthCountry: "EC",
  birthCity: "Quito",
  primaryResidence: "Av. Amazonas N24-03, Quito",
  primaryNationality: "EC",
  typeIdentification: 1,
  documentNumber: "1714307103",
  childOfStaff: false,
  identityDocumentFileId: 12,
  emergencyContacts: [{ name: "María Pérez", relationship: "GRANDMOTHER", phone: "+593 99 123 4567" }],
};

describe("student file form values", () => {
  it("starts empty with one emergency contact and a cédula", () => {
    const values = toFormValues(null);
    expect(values.names).toBe("");
    expect(values.typeIdentification).toBe("1");
    expect(values.identityDocumentFileId).toBeNull();
    expect(values.emergencyContacts).toEqual([{ name: "", relationship: "", phone: "" }]);
  });

  it("round-trips saved data into a body the shared schema accepts", () => {
    const values = toFormValues(saved);
    expect(values.secondaryNationality).toBe("");
    const body = toRequestBody(values);
    expect(body.secondaryNationality).toBeUndefined();
    expect(body.bloodType).toBeUndefined();
    expect(body.typeIdentification).toBe(1);
    expect(body.identityDocumentFileId).toBe(12);
    expect(studentFileSchema.safeParse(body).success).toBe(true);
  });

  it("keeps a passport and chosen optional values", () => {
    const values = { ...toFormValues(saved), typeIdentification: "2", documentNumber: "X1234567", bloodType: "O+" };
    const body = toRequestBody(values);
    expect(body.typeIdentification).toBe(2);
    expect(body.bloodType).toBe("O+");
    expect(studentFileSchema.safeParse(body).success).toBe(true);
  });

  it("leaves out a missing upload so the schema asks for the file", () => {
    const body = toRequestBody({ ...toFormValues(saved), identityDocumentFileId: null });
    const result = studentFileSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["validation.fileRequired"]);
  });
});
