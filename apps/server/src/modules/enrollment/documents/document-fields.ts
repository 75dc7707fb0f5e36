import { TERMS_CONSENTS } from "@portal/shared/consents";
import type { Language } from "@portal/shared/languages";
import { type Block, type FieldValues, fillBlocks, parseDocumentText } from "@portal/shared/school-documents";
import {
  type DocumentsSource,
  type Localizer,
  localizer,
  representativesOf,
  SCHOOL_TIME_ZONE,
  type StepData,
} from "./document-source.ts";

/*
 * The values of the fields the school's documents may use (packages/shared/src/school-documents.ts
 * DOCUMENT_FIELDS), from one file's documents source, in one language. Plain data in, plain data
 * out: the drawing threads, the terms step and the settings' preview read the same.
 */

function relationshipOf(l: Localizer, person: StepData): string {
  const other = l.str(person.relationshipOther);
  return person.relationshipStudentCode === "OTHER" && other
    ? other
    : l.label("relationships", person.relationshipStudentCode);
}

function titledName(l: Localizer, person: StepData): string {
  return [l.label("prefixes", person.prefix), l.personName(person)].filter(Boolean).join(" ");
}

/** A day in words in the school's time zone. */
function dayOf(l: Localizer, iso: string): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: SCHOOL_TIME_ZONE }).format(new Date(iso));
  return l.date(day);
}

function paymentLines(l: Localizer, source: DocumentsSource): string[] {
  const finance = source.steps.financialInformation;
  if (!finance) return [];
  const payer = l.str(finance.namePaymentReference) || l.personName(finance);
  const lines = [
    l.t("toSign.contract.feesPayer", {
      name: payer,
      identification: l.identification(finance.typeIdentification, finance.documentNumber),
    }),
    l.t("toSign.contract.feesMethod", { method: l.label("paymentMethods", finance.paymentMethod) }),
    l.t("toSign.contract.feesEmail", { email: l.str(finance.email) }),
  ];
  if (finance.isScholarShip === true) {
    lines.push(l.t("toSign.contract.feesScholarship", { company: l.str(finance.companyScholarShip) }));
  }
  return lines;
}

export function fieldValues(source: DocumentsSource, language: Language, now = new Date()): FieldValues {
  const l = localizer(source, language);
  const file = source.steps.studentFile;
  const values: FieldValues = {
    studentName: source.studentName,
    studentIdentification: l.identification(file?.typeIdentification, file?.documentNumber ?? source.studentDocument),
    level: l.level(),
    schoolYear: source.schoolYearLabel,
    requestCode: source.request?.code ?? "",
    schoolName: source.school.name,
    fees: source.feesText?.[language] ?? "",
    date: dayOf(l, source.request?.sentAt ?? now.toISOString()),
    acceptedAt: l.dateTime(
      source.consents.get(TERMS_CONSENTS.servicesContract)?.at ?? source.request?.sentAt ?? now.toISOString(),
    ),
    signingHours: String(source.constants.contractSigningHours),
    discountChildren: String(source.constants.discountChildren),
    discountPercent: String(source.constants.discountPercent),
    paymentLines: paymentLines(l, source),
  };
  for (const rep of representativesOf(source)) {
    values[`representative${rep.number}Name`] = titledName(l, rep.data);
    values[`representative${rep.number}Relationship`] = relationshipOf(l, rep.data);
    values[`representative${rep.number}Identification`] = l.identification(
      rep.data.typeIdentification,
      rep.data.documentNumber,
    );
  }
  return values;
}

/** A document's text in a language, parsed and filled for this file. */
export function filledBlocks(source: DocumentsSource, language: Language, body: string): Block[] {
  return fillBlocks(parseDocumentText(body), fieldValues(source, language));
}
