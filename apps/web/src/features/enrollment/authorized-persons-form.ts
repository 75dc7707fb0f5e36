import { IDENTIFICATION_TYPE } from "@portal/shared/catalogs";
import type {
  AuthorizedPersonInput,
  AuthorizedPersonsInput,
} from "@portal/shared/schemas/enrollment/authorized-persons";
import { OTHER_RELATIONSHIP } from "./representative-form.ts";
import { blankToUndefined, fileIdOf, textValues } from "./step-kit/form-values.ts";

/**
 * The authorized-persons form (step 7) as the inputs hold it, and the conversions: saved step data
 * → form, form → request body for `authorizedPersonsSchema`. An empty list is a valid answer.
 */
export interface AuthorizedPersonValues {
  isRegisterPerson: boolean;
  firstName: string;
  secondName: string;
  names: string;
  relationshipStudentCode: string;
  relationshipOther: string;
  address: string;
  postalCode: string;
  cellPhone: string;
  cellPhoneConfirmation: string;
  typeIdentification: string;
  documentNumber: string;
  photoFileId: number | null;
  documentFileId: number | null;
}

export interface AuthorizedPersonsValues {
  persons: AuthorizedPersonValues[];
}

const TEXT_FIELDS = [
  "firstName",
  "secondName",
  "names",
  "relationshipStudentCode",
  "relationshipOther",
  "address",
  "postalCode",
  "cellPhone",
  "cellPhoneConfirmation",
  "documentNumber",
] as const;

export const EMPTY_PERSON: AuthorizedPersonValues = {
  isRegisterPerson: false,
  firstName: "",
  secondName: "",
  names: "",
  relationshipStudentCode: "",
  relationshipOther: "",
  address: "",
  postalCode: "",
  cellPhone: "",
  cellPhoneConfirmation: "",
  typeIdentification: String(IDENTIFICATION_TYPE.cedula),
  documentNumber: "",
  photoFileId: null,
  documentFileId: null,
};

/** One saved (or reused) person as form values. */
export function toPersonValues(source: Record<string, unknown>): AuthorizedPersonValues {
  const texts = textValues(source, TEXT_FIELDS);
  return {
    ...texts,
    isRegisterPerson: source.isRegisterPerson === true,
    typeIdentification: String(
      source.typeIdentification === IDENTIFICATION_TYPE.passport
        ? IDENTIFICATION_TYPE.passport
        : IDENTIFICATION_TYPE.cedula,
    ),
    photoFileId: fileIdOf(source.photoFileId),
    documentFileId: fileIdOf(source.documentFileId),
  };
}

/** A person taken from the family's record (a sibling's file): marked as already registered. */
export function reusedPerson(data: Record<string, unknown>): AuthorizedPersonValues {
  return { ...toPersonValues(data), isRegisterPerson: true };
}

/** Saved data (GET …/steps/authorizedPersons, null before the first save) as form values. */
export function toFormValues(data: Record<string, unknown> | null | undefined): AuthorizedPersonsValues {
  const persons = Array.isArray(data?.persons) ? (data.persons as unknown[]) : [];
  return {
    persons: persons
      .filter((person): person is Record<string, unknown> => typeof person === "object" && person !== null)
      .map(toPersonValues),
  };
}

function toPersonBody(person: AuthorizedPersonValues): AuthorizedPersonInput {
  return {
    isRegisterPerson: person.isRegisterPerson,
    firstName: person.firstName,
    secondName: blankToUndefined(person.secondName),
    names: person.names,
    relationshipStudentCode: person.relationshipStudentCode,
    relationshipOther:
      person.relationshipStudentCode === OTHER_RELATIONSHIP ? blankToUndefined(person.relationshipOther) : undefined,
    address: person.address,
    postalCode: blankToUndefined(person.postalCode),
    cellPhone: person.cellPhone,
    cellPhoneConfirmation: person.cellPhoneConfirmation,
    typeIdentification: Number(person.typeIdentification) as AuthorizedPersonInput["typeIdentification"],
    documentNumber: person.documentNumber,
    photoFileId: person.photoFileId ?? undefined,
    documentFileId: person.documentFileId ?? undefined,
  };
}

/** Form values as the request body. */
export function toRequestBody(values: AuthorizedPersonsValues): AuthorizedPersonsInput {
  return { persons: values.persons.map(toPersonBody) };
}

/** The uploads each listed person still needs, as `persons.<i>.<field>` errors (shown with the rest). */
export function missingPersonUploads(values: AuthorizedPersonsValues): Partial<Record<string, string>> {
  const missing: Record<string, string> = {};
  values.persons.forEach((person, index) => {
    if (person.photoFileId == null) missing[`persons.${index}.photoFileId`] = "validation.fileRequired";
    if (person.documentFileId == null) missing[`persons.${index}.documentFileId`] = "validation.fileRequired";
  });
  return missing;
}
