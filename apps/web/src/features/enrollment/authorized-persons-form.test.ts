import { authorizedPersonsSchema } from "@portal/shared/schemas/enrollment/authorized-persons";
import { describe, expect, it } from "vitest";
import {
  EMPTY_PERSON,
  missingPersonUploads,
  reusedPerson,
  toFormValues,
  toRequestBody,
} from "./authorized-persons-form.ts";

const person = {
  isRegisterPerson: false,
  firstName: "Loor",
  names: "Rosa",
  relationshipStudentCode: "GRANDMOTHER",
  address: "Av. Amazonas N24-03, Quito",
  cellPhone: "099 765 4321",
  cellPhoneConfirmation: "0997654321",
  typeIdentification: 2,
  documentNumber: "PASS30003",
  photoFileId: 7,
  documentFileId: 8,
};

describe("authorized persons form values", () => {
  it("starts with an empty list, which the schema accepts", () => {
    const values = toFormValues(null);
    expect(values.persons).toEqual([]);
    expect(authorizedPersonsSchema.safeParse(toRequestBody(values)).success).toBe(true);
  });

  it("round-trips saved data into a body the shared schema accepts", () => {
    const values = toFormValues({ persons: [person] });
    expect(values.persons[0]).toMatchObject({ typeIdentification: "2", secondName: "", photoFileId: 7 });
    const body = toRequestBody(values);
    expect(body.persons[0]?.secondName).toBeUndefined();
    expect(body.persons[0]?.postalCode).toBeUndefined();
    expect(authorizedPersonsSchema.safeParse(body).success).toBe(true);
  });

  it("sends the other relationship only when it applies", () => {
    const values = toFormValues({ persons: [{ ...person, relationshipOther: "Vecina" }] });
    expect(toRequestBody(values).persons[0]?.relationshipOther).toBeUndefined();
    const other = { persons: [{ ...values.persons[0]!, relationshipStudentCode: "OTHER" }] };
    expect(toRequestBody(other).persons[0]?.relationshipOther).toBe("Vecina");
    expect(authorizedPersonsSchema.safeParse(toRequestBody(other)).success).toBe(true);
  });

  it("marks a reused person as already registered", () => {
    expect(reusedPerson(person).isRegisterPerson).toBe(true);
  });

  it("names each person's missing uploads", () => {
    const values = { persons: [toFormValues({ persons: [person] }).persons[0]!, { ...EMPTY_PERSON }] };
    expect(missingPersonUploads(values)).toEqual({
      "persons.1.photoFileId": "validation.fileRequired",
      "persons.1.documentFileId": "validation.fileRequired",
    });
  });
});
