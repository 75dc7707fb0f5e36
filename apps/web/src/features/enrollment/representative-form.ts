import { IDENTIFICATION_TYPE } from "@portal/shared/catalogs";
import type {
  RepresentativeInput,
  SecondRepresentativeDeclined,
} from "@portal/shared/schemas/enrollment/representative";
import {
  blankToUndefined,
  fileIdOf,
  numText,
  str,
  textToNumber,
  textValues,
  yesNoText,
  yesNoValue,
} from "./step-kit/form-values.ts";

/**
 * The legal-representative form (steps 5 and 6, one form for both) as the inputs hold it, and the
 * conversions: saved step data → form, form → request body for `representativeSchema` (or, on
 * step 6, `secondRepresentativeDeclinedSchema` when the family registers no second representative).
 */
export type RepresentativeNumber = 1 | 2;
type YesNo = "" | "yes" | "no";

export interface RepresentativeValues {
  /** Step 6 only: the family registers no second representative… */
  declined: boolean;
  /** …and says why. */
  reason: string;
  isAccountHolder: YesNo;
  isLegalRepresentative: YesNo;
  civilStatus: string;
  relationshipStudentCode: string;
  relationshipOther: string;
  prefix: string;
  firstName: string;
  secondName: string;
  names: string;
  photoFileId: number | null;
  birthDate: string;
  birthCountry: string;
  birthCity: string;
  primaryNationality: string;
  secondaryNationality: string;
  email: string;
  emailConfirmation: string;
  countryResidence: string;
  cityResidence: string;
  address: string;
  mainStreet: string;
  secondaryStreet: string;
  sector: string;
  postalCode: string;
  landline: string;
  cellPhone: string;
  cellPhoneConfirmation: string;
  professionalSituation: string;
  nameEmployer: string;
  countryWork: string;
  cityWork: string;
  phoneWork: string;
  categoryWork: string;
  professionCode: string;
  shareContacts: YesNo;
  documentFileId: number | null;
  legalBackingFileId: number | null;
  typeIdentification: string;
  documentNumber: string;
  contactCodeBue: string;
  formerStudent: YesNo;
  graduationYear: string;
}

const TEXT_FIELDS = [
  "civilStatus",
  "relationshipStudentCode",
  "relationshipOther",
  "prefix",
  "firstName",
  "secondName",
  "names",
  "birthDate",
  "birthCountry",
  "birthCity",
  "primaryNationality",
  "secondaryNationality",
  "email",
  "emailConfirmation",
  "countryResidence",
  "cityResidence",
  "address",
  "mainStreet",
  "secondaryStreet",
  "sector",
  "postalCode",
  "landline",
  "cellPhone",
  "cellPhoneConfirmation",
  "professionalSituation",
  "nameEmployer",
  "countryWork",
  "cityWork",
  "phoneWork",
  "categoryWork",
  "professionCode",
  "documentNumber",
  "contactCodeBue",
] as const;

/** Professional situations with an employer or a business: only these show the work fields. */
export const WORKING_SITUATIONS: readonly string[] = ["EMPLOYED", "SELF_EMPLOYED", "BUSINESS_OWNER", "CIVIL_SERVANT"];

export const isWorking = (situation: string) => WORKING_SITUATIONS.includes(situation);

/** The relationship code whose free text says which relationship it is. */
export const OTHER_RELATIONSHIP = "OTHER";

/**
 * Saved data (GET …/steps/firstRepresentative or secondRepresentative, null before the first
 * save, `{ declined, reason }` for a declined second representative) as form values. Also fills the
 * form from a person reused from a sibling's file.
 */
export function toFormValues(data: Record<string, unknown> | null | undefined): RepresentativeValues {
  const source = data ?? {};
  const texts = textValues(source, TEXT_FIELDS);
  return {
    ...texts,
    declined: source.declined === true,
    reason: str(source.reason),
    isAccountHolder: yesNoText(source.isAccountHolder),
    isLegalRepresentative: yesNoText(source.isLegalRepresentative),
    shareContacts: yesNoText(source.shareContacts),
    // A representative is a former student only if they said so: "no" until then.
    formerStudent: source.formerStudent === true ? "yes" : "no",
    graduationYear: numText(source.graduationYear),
    photoFileId: fileIdOf(source.photoFileId),
    documentFileId: fileIdOf(source.documentFileId),
    legalBackingFileId: fileIdOf(source.legalBackingFileId),
    typeIdentification: String(
      source.typeIdentification === IDENTIFICATION_TYPE.passport
        ? IDENTIFICATION_TYPE.passport
        : IDENTIFICATION_TYPE.cedula,
    ),
  };
}

/** The form values of a person reused from another file, with this step's saved choices kept. */
export function reusedValues(data: Record<string, unknown>, current: RepresentativeValues): RepresentativeValues {
  return { ...toFormValues(data), declined: false, reason: current.reason };
}

/**
 * Form values as the representative body for step `type`: the step fixes the number, empty optional
 * choices are left out, and fields that do not apply (the other relationship, work data of someone
 * not working, a graduation year of someone who is not a former student) are not sent.
 */
export function toRepresentativeBody(values: RepresentativeValues, type: RepresentativeNumber): RepresentativeInput {
  const working = isWorking(values.professionalSituation);
  const formerStudent = yesNoValue(values.formerStudent);
  return {
    typeRepresentative: type,
    isAccountHolder: yesNoValue(values.isAccountHolder) as boolean,
    civilStatus: values.civilStatus,
    isLegalRepresentative: yesNoValue(values.isLegalRepresentative) as boolean,
    relationshipStudentCode: values.relationshipStudentCode,
    relationshipOther:
      values.relationshipStudentCode === OTHER_RELATIONSHIP ? blankToUndefined(values.relationshipOther) : undefined,
    prefix: blankToUndefined(values.prefix),
    firstName: values.firstName,
    secondName: blankToUndefined(values.secondName),
    names: values.names,
    photoFileId: values.photoFileId ?? undefined,
    birthDate: values.birthDate,
    birthCountry: values.birthCountry,
    birthCity: values.birthCity,
    primaryNationality: values.primaryNationality,
    secondaryNationality: blankToUndefined(values.secondaryNationality),
    email: values.email,
    emailConfirmation: values.emailConfirmation,
    countryResidence: values.countryResidence,
    cityResidence: values.cityResidence,
    address: values.address,
    mainStreet: blankToUndefined(values.mainStreet),
    secondaryStreet: blankToUndefined(values.secondaryStreet),
    sector: blankToUndefined(values.sector),
    postalCode: blankToUndefined(values.postalCode),
    landline: blankToUndefined(values.landline),
    cellPhone: values.cellPhone,
    cellPhoneConfirmation: values.cellPhoneConfirmation,
    professionalSituation: values.professionalSituation,
    nameEmployer: working ? blankToUndefined(values.nameEmployer) : undefined,
    countryWork: working ? blankToUndefined(values.countryWork) : undefined,
    cityWork: working ? blankToUndefined(values.cityWork) : undefined,
    phoneWork: working ? blankToUndefined(values.phoneWork) : undefined,
    categoryWork: values.categoryWork,
    professionCode: blankToUndefined(values.professionCode),
    shareContacts: yesNoValue(values.shareContacts) as boolean,
    documentFileId: values.documentFileId ?? undefined,
    legalBackingFileId: values.legalBackingFileId ?? undefined,
    typeIdentification: Number(values.typeIdentification) as RepresentativeInput["typeIdentification"],
    documentNumber: values.documentNumber,
    contactCodeBue: blankToUndefined(values.contactCodeBue),
    formerStudent: formerStudent,
    graduationYear: formerStudent === true ? textToNumber(values.graduationYear) : undefined,
  };
}

/** Step 6 declined: only the flag and the reason are sent. */
export function toDeclinedBody(values: RepresentativeValues): SecondRepresentativeDeclined {
  return { declined: true, reason: values.reason };
}

/** The body of step `type`: the declined form only on step 6. */
export function toRequestBody(
  values: RepresentativeValues,
  type: RepresentativeNumber,
): RepresentativeInput | SecondRepresentativeDeclined {
  return type === 2 && values.declined ? toDeclinedBody(values) : toRepresentativeBody(values, type);
}

/** "1:1714307103": the identification a saved or typed representative is known by ("" when none). */
export function identityKey(values: Pick<RepresentativeValues, "typeIdentification" | "documentNumber">): string {
  const number = values.documentNumber.trim().toUpperCase();
  return number === "" ? "" : `${values.typeIdentification}:${number}`;
}
