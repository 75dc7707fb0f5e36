import {
  representativeSchema,
  secondRepresentativeDeclinedSchema,
} from "@portal/shared/schemas/enrollment/representative";
import { describe, expect, it } from "vitest";
import { identityKey, reusedValues, toFormValues, toRepresentativeBody, toRequestBody } from "./representative-form.ts";

const saved = {
  typeRepresentative: 1,
  isAccountHolder: true,
  civilStatus: "MARRIED",
  isLegalRepresentative: true,
  relationshipStudentCode: "MOTHER",
  prefix: "Sra.",
  firstName: "Loor",
  names: "Carmen",
  photoFileId: 3,
  birthDate: "1985-06-01",
  birthCountry: "EC",
  birthCity: "Guayaquil",
  primaryNationality: "EC",
  email: "carmen@example.ec",
  emailConfirmation: "carmen@example.ec",
  countryResidence: "EC",
  cityResidence: "Quito",
  address: "Av. 6 de Diciembre N30-10",
  cellPhone: "099 123 4567",
  cellPhoneConfirmation: "0991234567",
  professionalSituation: "EMPLOYED",
  nameEmployer: "Banco del Pacífico",
  countryWork: "EC",
  cityWork: "Quito",
  categoryWork: "PCS3",
  shareContacts: false,
  documentFileId: 4,
  legalBackingFileId: 5,
  typeIdentification: 1,
  documentNumber: "1714307103",
  formerStudent: true,
  graduationYear: 2003,
};

describe("representative form values", () => {
  it("starts empty, not declined, with a cédula and not a former student", () => {
    const values = toFormValues(null);
    expect(values.names).toBe("");
    expect(values.declined).toBe(false);
    expect(values.isAccountHolder).toBe("");
    expect(values.formerStudent).toBe("no");
    expect(values.typeIdentification).toBe("1");
    expect(values.photoFileId).toBeNull();
  });

  it("round-trips saved data into a body the shared schema accepts, for either step", () => {
    const values = toFormValues(saved);
    expect(values.isAccountHolder).toBe("yes");
    expect(values.shareContacts).toBe("no");
    expect(values.graduationYear).toBe("2003");
    const body = toRepresentativeBody(values, 1);
    expect(body).toMatchObject({ typeRepresentative: 1, graduationYear: 2003, legalBackingFileId: 5 });
    expect(body.secondaryNationality).toBeUndefined();
    expect(representativeSchema.safeParse(body).success).toBe(true);
    expect(representativeSchema.parse(toRequestBody(values, 2))).toMatchObject({ typeRepresentative: 2 });
  });

  it("leaves out what does not apply: other relationship, work data, graduation year", () => {
    const values = {
      ...toFormValues(saved),
      relationshipOther: "Madrina",
      professionalSituation: "RETIRED",
      formerStudent: "no" as const,
    };
    const body = toRepresentativeBody(values, 1);
    expect(body.relationshipOther).toBeUndefined();
    expect(body.nameEmployer).toBeUndefined();
    expect(body.countryWork).toBeUndefined();
    expect(body.graduationYear).toBeUndefined();
    expect(representativeSchema.safeParse(body).success).toBe(true);
    const other = toRepresentativeBody({ ...values, relationshipStudentCode: "OTHER" }, 1);
    expect(other.relationshipOther).toBe("Madrina");
  });

  it("sends missing answers so the schema names them", () => {
    const body = toRepresentativeBody({ ...toFormValues(saved), isAccountHolder: "", photoFileId: null }, 1);
    const result = representativeSchema.safeParse(body);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["isAccountHolder"]);
  });

  it("declines the second representative with a reason, only on step 6", () => {
    const values = { ...toFormValues(saved), declined: true, reason: "Padre fallecido" };
    expect(toRequestBody(values, 2)).toEqual({ declined: true, reason: "Padre fallecido" });
    expect(secondRepresentativeDeclinedSchema.safeParse(toRequestBody(values, 2)).success).toBe(true);
    expect(toRequestBody(values, 1)).toMatchObject({ typeRepresentative: 1 });
    const back = toFormValues({ declined: true, reason: "Padre fallecido" });
    expect(back).toMatchObject({ declined: true, reason: "Padre fallecido", names: "" });
  });

  it("fills the form from a reused person and tells identifications apart", () => {
    const current = { ...toFormValues({ declined: true, reason: "x" }) };
    const reused = reusedValues(saved, current);
    expect(reused.declined).toBe(false);
    expect(reused.names).toBe("Carmen");
    expect(identityKey(reused)).toBe("1:1714307103");
    expect(identityKey({ typeIdentification: "2", documentNumber: " ab123 " })).toBe("2:AB123");
    expect(identityKey({ typeIdentification: "1", documentNumber: "" })).toBe("");
  });
});
