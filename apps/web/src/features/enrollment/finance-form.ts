import { IDENTIFICATION_TYPE } from "@portal/shared/catalogs";
import type { FinanceInput } from "@portal/shared/schemas/enrollment/finance";
import { blankToUndefined, str, textValues, yesNoText, yesNoValue } from "./step-kit/form-values.ts";

/**
 * The financial-information form (step 10) as the inputs hold it, and the conversions: saved step
 * data → form, form → request body for `financeSchema`, and a legal representative's saved data →
 * the payer's fields (choosing a representative as payer fills them in).
 */

/** Who pays (`paymentReference`); the same codes the registration summary names. */
export const PAYMENT_REFERENCES = ["REPRESENTATIVE_1", "REPRESENTATIVE_2", "OTHER_PERSON", "COMPANY"] as const;
export type PaymentReference = (typeof PAYMENT_REFERENCES)[number];

/** The representative step whose person a payment reference names, if any. */
export const REPRESENTATIVE_STEP = {
  REPRESENTATIVE_1: "firstRepresentative",
  REPRESENTATIVE_2: "secondRepresentative",
} as const;

export interface FinanceValues {
  paymentReference: string;
  namePaymentReference: string;
  /** "yes" / "no"; "" until answered. */
  isScholarShip: string;
  companyScholarShip: string;
  contactCode: string;
  typeIdentification: string;
  documentNumber: string;
  email: string;
  studentCodeSchoolYear: string;
  requestCode: string;
  lastName: string;
  secondName: string;
  names: string;
  paymentMethod: string;
}

const TEXT_FIELDS = [
  "paymentReference",
  "namePaymentReference",
  "companyScholarShip",
  "contactCode",
  "documentNumber",
  "email",
  "studentCodeSchoolYear",
  "requestCode",
  "lastName",
  "secondName",
  "names",
  "paymentMethod",
] as const;

/** Saved data (null before the first save) as form values; identification defaults to cédula. */
export function toFormValues(data: Record<string, unknown> | null | undefined): FinanceValues {
  const source = data ?? {};
  const texts = textValues(source, TEXT_FIELDS);
  return {
    ...texts,
    isScholarShip: yesNoText(source.isScholarShip),
    typeIdentification: String(
      source.typeIdentification === IDENTIFICATION_TYPE.passport
        ? IDENTIFICATION_TYPE.passport
        : IDENTIFICATION_TYPE.cedula,
    ),
  };
}

/** Form values as the request body: blank optional texts left out; no scholarship, no organization. */
export function toRequestBody(values: FinanceValues): FinanceInput {
  const scholarship = yesNoValue(values.isScholarShip);
  return {
    paymentReference: values.paymentReference,
    namePaymentReference: values.namePaymentReference,
    isScholarShip: scholarship,
    companyScholarShip: scholarship ? blankToUndefined(values.companyScholarShip) : undefined,
    contactCode: blankToUndefined(values.contactCode),
    typeIdentification: Number(values.typeIdentification) as FinanceInput["typeIdentification"],
    documentNumber: values.documentNumber,
    email: values.email,
    studentCodeSchoolYear: blankToUndefined(values.studentCodeSchoolYear),
    requestCode: blankToUndefined(values.requestCode),
    lastName: values.lastName,
    secondName: blankToUndefined(values.secondName),
    names: values.names,
    paymentMethod: values.paymentMethod,
  };
}

/** The scholarship question must be answered (the schema would take a missing answer as "no"). */
export function financeEarlyChecks(values: FinanceValues): Partial<Record<string, string>> {
  return values.isScholarShip === "" ? { isScholarShip: "validation.required" } : {};
}

/** The payer's fields a representative's saved step fills in. */
export type PayerFields = Pick<
  FinanceValues,
  "namePaymentReference" | "lastName" | "secondName" | "names" | "typeIdentification" | "documentNumber" | "email"
>;

export const PAYER_FIELDS = [
  "namePaymentReference",
  "lastName",
  "secondName",
  "names",
  "typeIdentification",
  "documentNumber",
  "email",
] as const satisfies readonly (keyof PayerFields)[];

/** A representative's saved step as the payer's fields; null when there is none (or declined). */
export function payerFromRepresentative(data: Record<string, unknown> | null | undefined): PayerFields | null {
  if (!data || data.declined === true) return null;
  const names = str(data.names).trim();
  const lastName = str(data.firstName).trim();
  const secondName = str(data.secondName).trim();
  if (names === "" && lastName === "") return null;
  return {
    namePaymentReference: [names, lastName, secondName].filter(Boolean).join(" "),
    lastName,
    secondName,
    names,
    typeIdentification: String(
      data.typeIdentification === IDENTIFICATION_TYPE.passport
        ? IDENTIFICATION_TYPE.passport
        : IDENTIFICATION_TYPE.cedula,
    ),
    documentNumber: str(data.documentNumber),
    email: str(data.email),
  };
}

/** The payer's fields emptied (a representative's data is not kept for another payer). */
export const EMPTY_PAYER: PayerFields = {
  namePaymentReference: "",
  lastName: "",
  secondName: "",
  names: "",
  typeIdentification: String(IDENTIFICATION_TYPE.cedula),
  documentNumber: "",
  email: "",
};
