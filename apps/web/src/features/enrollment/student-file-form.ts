import { IDENTIFICATION_TYPE } from "@portal/shared/catalogs";
import type { StudentFileInput } from "@portal/shared/schemas/enrollment/student-file";
import { blankToUndefined, str, textValues } from "./step-kit/form-values.ts";

/**
 * The student-file form as the inputs hold it (strings, a boolean, the upload id), and the two
 * conversions: saved step data → form, form → request body for `studentFileSchema`.
 */
export interface EmergencyContactValues {
  name: string;
  relationship: string;
  phone: string;
}

export interface StudentFileValues {
  studentCode: string;
  gender: string;
  email: string;
  firstName: string;
  secondName: string;
  names: string;
  usualName: string;
  birthDate: string;
  birthCountry: string;
  birthCity: string;
  primaryResidence: string;
  primaryNationality: string;
  secondaryNationality: string;
  bloodType: string;
  phone: string;
  sector: string;
  childOfStaff: boolean;
  typeIdentification: string;
  documentNumber: string;
  identityDocumentFileId: number | null;
  emergencyContacts: EmergencyContactValues[];
}

export const EMPTY_CONTACT: EmergencyContactValues = { name: "", relationship: "", phone: "" };

const TEXT_FIELDS = [
  "studentCode",
  "gender",
  "email",
  "firstName",
  "secondName",
  "names",
  "usualName",
  "birthDate",
  "birthCountry",
  "birthCity",
  "primaryResidence",
  "primaryNationality",
  "secondaryNationality",
  "bloodType",
  "phone",
  "sector",
  "documentNumber",
] as const;

/** Saved data (GET …/steps/studentFile, null before the first save) as form values. */
export function toFormValues(data: Record<string, unknown> | null | undefined): StudentFileValues {
  const source = data ?? {};
  const values = textValues(source, TEXT_FIELDS);
  const contacts = Array.isArray(source.emergencyContacts) ? source.emergencyContacts : [];
  const fileId = source.identityDocumentFileId;
  return {
    ...values,
    childOfStaff: source.childOfStaff === true,
    typeIdentification: String(
      source.typeIdentification === IDENTIFICATION_TYPE.passport
        ? IDENTIFICATION_TYPE.passport
        : IDENTIFICATION_TYPE.cedula,
    ),
    identityDocumentFileId: typeof fileId === "number" ? fileId : null,
    emergencyContacts:
      contacts.length > 0
        ? contacts.map((contact: Record<string, unknown>) => ({
            name: str(contact?.name),
            relationship: str(contact?.relationship),
            phone: str(contact?.phone),
          }))
        : [{ ...EMPTY_CONTACT }],
  };
}

/** Form values as the request body: empty optional choices left out, numbers as numbers. */
export function toRequestBody(values: StudentFileValues): StudentFileInput {
  return {
    studentCode: values.studentCode,
    gender: (blankToUndefined(values.gender) ?? "") as StudentFileInput["gender"],
    email: values.email,
    firstName: values.firstName,
    secondName: values.secondName,
    names: values.names,
    usualName: values.usualName,
    birthDate: values.birthDate,
    birthCountry: values.birthCountry,
    birthCity: values.birthCity,
    primaryResidence: values.primaryResidence,
    primaryNationality: values.primaryNationality,
    secondaryNationality: blankToUndefined(values.secondaryNationality),
    bloodType: blankToUndefined(values.bloodType),
    phone: values.phone,
    sector: values.sector,
    childOfStaff: values.childOfStaff,
    typeIdentification: Number(values.typeIdentification) as StudentFileInput["typeIdentification"],
    documentNumber: values.documentNumber,
    identityDocumentFileId: values.identityDocumentFileId ?? undefined,
    emergencyContacts: values.emergencyContacts.map((contact) => ({ ...contact })),
  };
}
