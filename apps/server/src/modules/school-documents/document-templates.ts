import { translate } from "@portal/i18n/translate";
import { CONSENT_TEXT_VERSION } from "@portal/shared/consents";
import type { Language } from "@portal/shared/languages";
import type { BuiltInDocument } from "@portal/shared/school-documents";

/*
 * The portal's texts of the built-in documents as the school's version 1 (docs/rules/documents.md
 * "The school's own documents"): the wording the documents to sign and the terms step showed
 * before the school could write its own, rewritten in the documents' Markdown with `{{field}}`
 * placeholders, so nothing a family reads changes until the Admin publishes a version 2.
 */

const f = (name: string) => `{{${name}}}`;

/** Placeholders for the catalogues' `{{…}}` variables. */
const WHO = {
  student: f("studentName"),
  identification: f("studentIdentification"),
  level: f("level"),
  year: f("schoolYear"),
  school: f("schoolName"),
  hours: f("signingHours"),
  children: f("discountChildren"),
  percent: f("discountPercent"),
};

function paragraphs(language: Language, prefix: string, keys: string[]): string[] {
  return keys.map((key) => translate(language, `${prefix}.${key}`, WHO));
}

function contract(l: Language): string {
  const t = (key: string, vars: Record<string, string> = WHO) => translate(l, `documents:toSign.contract.${key}`, vars);
  const rep = (n: 1 | 2) =>
    `- ${t("representativeLine", {
      name: f(`representative${n}Name`),
      relationship: f(`representative${n}Relationship`),
      identification: f(`representative${n}Identification`),
    })}`;
  const clause = (key: string) => t(`clauses.${key}`, { ...WHO, date: f("acceptedAt"), version: CONSENT_TEXT_VERSION });
  return [
    `## ${t("partiesTitle")}`,
    t("partySchool"),
    t("partyRepresentatives"),
    [rep(1), rep(2)].join("\n"),
    t("studentLine"),
    `## ${t("clausesTitle")}`,
    clause("object"),
    clause("duration"),
    clause("fees"),
    f("paymentDetails"),
    f("fees"),
    ...["discount", "schoolDuties", "familyDuties", "dataProtection", "termination", "acceptance"].map(clause),
  ].join("\n\n");
}

function imageConsent(l: Language): string {
  return paragraphs(l, "documents:toSign.image", ["intro", "noCommercialUse", "revocation"]).join("\n\n");
}

function exitAuthorization(l: Language): string {
  return paragraphs(l, "documents:toSign.exit", ["notaryNotice", "intro", "responsibility"]).join("\n\n");
}

function online(l: Language, term: "termsOfUse" | "dataUseAgreement", count: number): string {
  const keys = Array.from({ length: count }, (_, i) => `p${i + 1}`);
  return paragraphs(l, `enrollment:terms.${term}.body`, keys).join("\n\n");
}

const TITLES: Record<BuiltInDocument, string> = {
  contract: "documents:toSign.contract.title",
  termsOfUse: "enrollment:terms.termsOfUse.title",
  dataUse: "enrollment:terms.dataUseAgreement.title",
  imageConsent: "documents:toSign.image.title",
  exitAuthorization: "documents:toSign.exit.title",
};

const BODIES: Record<BuiltInDocument, (language: Language) => string> = {
  contract,
  termsOfUse: (l) => online(l, "termsOfUse", 5),
  dataUse: (l) => online(l, "dataUseAgreement", 6),
  imageConsent,
  exitAuthorization,
};

export function builtInTemplate(key: BuiltInDocument, language: Language): { title: string; body: string } {
  return { title: translate(language, TITLES[key]), body: BODIES[key](language) };
}
