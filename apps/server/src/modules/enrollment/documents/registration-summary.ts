import { PHOTO_CONSENTS, TERMS_CONSENTS } from "@portal/shared/consents";
import type { StepId } from "@portal/shared/enrollment-steps";
import type { Language } from "@portal/shared/languages";
import type { Consent, DocumentsSource, Localizer, StepData } from "./document-source.ts";
import { localizer } from "./document-source.ts";
import { PdfLayout } from "./pdf-layout.ts";

/**
 * The registration summary (spec 2, congratulations: "download the registration summary"): every
 * section of the file's twelve data steps as the family sent them, labels in the reader's
 * language, catalogue codes as their labels, uploaded files by name.
 */

type Kind =
  | "text"
  | "bool"
  | "date"
  | "country"
  | "file"
  | "identificationType"
  | "cm"
  | "kg"
  | { catalog: string }
  | { values: string };

interface Field {
  key: string;
  kind: Kind;
  /** Label key under `documents:fields`, when it is not the data key. */
  label?: string;
}

const f = (key: string, kind: Kind = "text", label?: string): Field => ({ key, kind, label });
const catalog = (name: string): Kind => ({ catalog: name });

const STUDENT_GENERAL = [
  f("studentCode"),
  f("firstName"),
  f("secondName"),
  f("names"),
  f("usualName"),
  f("gender", { values: "gender" }),
  f("birthDate", "date"),
  f("birthCountry", "country"),
  f("birthCity"),
  f("primaryNationality", "country"),
  f("secondaryNationality", "country"),
  f("primaryResidence"),
  f("sector"),
  f("phone"),
  f("email"),
  f("bloodType", catalog("bloodTypes")),
  f("childOfStaff", "bool"),
];
const IDENTITY = [f("typeIdentification", "identificationType"), f("documentNumber")];

const REPRESENTATIVE = [
  f("isAccountHolder", "bool"),
  f("isLegalRepresentative", "bool"),
  f("relationshipStudentCode", catalog("relationships")),
  f("relationshipOther"),
  f("prefix", catalog("prefixes")),
  f("firstName"),
  f("secondName"),
  f("names"),
  f("typeIdentification", "identificationType"),
  f("documentNumber"),
  f("civilStatus", catalog("civilStatus")),
  f("birthDate", "date"),
  f("birthCountry", "country"),
  f("birthCity"),
  f("primaryNationality", "country"),
  f("secondaryNationality", "country"),
  f("email"),
  f("cellPhone"),
  f("landline"),
  f("countryResidence", "country"),
  f("cityResidence"),
  f("address"),
  f("mainStreet"),
  f("secondaryStreet"),
  f("sector"),
  f("postalCode"),
  f("professionalSituation", catalog("professionalSituations")),
  f("nameEmployer"),
  f("countryWork", "country"),
  f("cityWork"),
  f("phoneWork"),
  f("categoryWork", catalog("socioProfessionalCategories")),
  f("professionCode"),
  f("shareContacts", "bool"),
  f("contactCodeBue"),
  f("formerStudent", "bool"),
  f("graduationYear"),
  f("photoFileId", "file"),
  f("documentFileId", "file"),
  f("legalBackingFileId", "file"),
];

const AUTHORIZED_PERSON = [
  f("firstName"),
  f("secondName"),
  f("names"),
  f("relationshipStudentCode", catalog("relationships")),
  f("relationshipOther"),
  f("typeIdentification", "identificationType"),
  f("documentNumber"),
  f("cellPhone"),
  f("address"),
  f("postalCode"),
  f("isRegisterPerson", "bool"),
  f("photoFileId", "file"),
  f("documentFileId", "file"),
];

const ACADEMIC = [
  f("previousLevel", catalog("levels")),
  f("repeatingClass", "bool"),
  f("institutionName"),
  f("institutionCountry", "country"),
  f("institutionCity"),
  f("aefeAccredited", "bool"),
];

const FINANCE = [
  f("paymentReference", { values: "paymentReference" }),
  f("namePaymentReference"),
  f("lastName"),
  f("secondName"),
  f("names"),
  f("typeIdentification", "identificationType"),
  f("documentNumber"),
  f("email", "text", "invoiceEmail"),
  f("paymentMethod", catalog("paymentMethods")),
  f("isScholarShip", "bool"),
  f("companyScholarShip"),
  f("contactCode"),
  f("studentCodeSchoolYear"),
  f("requestCode", "text", "financeRequestCode"),
];

const TRANSPORT = [f("wantsBus", "bool"), f("acceptsConditions", "bool")];

const EXIT = [
  f("exitAlone", "bool"),
  f("middayBreak", "bool"),
  f("freePeriods", "bool"),
  f("emergencyPreference", { values: "emergencyPreference" }),
  f("publishImage", "bool"),
  f("events", "bool"),
  f("pedagogicExits", "bool"),
];

const MEDICAL = [
  f("height", "cm"),
  f("weight", "kg"),
  f("disease", "bool"),
  f("diseaseObservation"),
  f("takeMedication", "bool"),
  f("takeMedicationObservation"),
  f("hasIncapacity", "bool"),
  f("incapacityObservation"),
  f("incapacityCertificateFileId", "file"),
  f("disqualifiedSport", "bool"),
  f("disqualifiedSportObservation"),
  f("disqualifiedSportFileId", "file"),
  f("vaccinationBookletFileId", "file"),
  f("treatmentReceived"),
];
const MEDICAL_DECLARATIONS = [f("authorizeEmergencyActions", "bool"), f("declarationOfTruth", "bool")];

/** A field's value as shown, or "" when the family left it out. */
function shown(l: Localizer, field: Field, value: unknown): string {
  if (value === undefined || value === null || value === "") return "";
  const kind = field.kind;
  if (kind === "bool") return l.yesNo(value);
  if (kind === "date") return l.date(value);
  if (kind === "country") return l.country(value);
  if (kind === "file") return l.file(value);
  if (kind === "identificationType") return l.label("identificationTypes", value);
  if (kind === "cm" || kind === "kg") {
    return l.t(`summary.${kind}`, { value: new Intl.NumberFormat(l.locale).format(Number(value)) });
  }
  if (typeof kind === "object" && "catalog" in kind) return l.label(kind.catalog, value);
  if (typeof kind === "object" && "values" in kind) {
    const key = `values.${kind.values}.${l.str(value)}`;
    const text = l.t(key);
    return text === `documents:${key}` ? l.str(value) : text;
  }
  return l.str(value);
}

function rows(layout: PdfLayout, l: Localizer, fields: Field[], data: StepData | undefined): void {
  for (const field of fields) {
    const value = shown(l, field, data?.[field.key]);
    // Yes/no answers are always shown; optional texts the family left empty are not.
    if (value) {
      const times = { from: l.constants.middayBreakFrom, to: l.constants.middayBreakTo };
      layout.row(l.t(`fields.${field.label ?? field.key}`, times), value);
    }
  }
}

function section(layout: PdfLayout, l: Localizer, step: StepId): void {
  layout.heading(l.t(`summary.sections.${step}`));
}

/** How the summary words a recorded consent: accepted, refused, or withdrawn later by the family. */
function consentKey(consent: Consent): string {
  if (consent.withdrawn) return "summary.consentWithdrawn";
  return consent.accepted ? "summary.consentAccepted" : "summary.consentRefused";
}

function consentRows(layout: PdfLayout, l: Localizer, source: DocumentsSource, subjects: Record<string, string>) {
  const data = source.steps.terms;
  for (const [field, subject] of Object.entries(subjects)) {
    const consent = source.consents.get(subject);
    const accepted = consent ? consent.accepted : data?.[field] === true;
    const when = consent
      ? l.t(consentKey(consent), { date: l.dateTime(consent.at), version: consent.version })
      : l.yesNo(accepted);
    layout.row(l.t(`fields.${field}`), when);
  }
}

export async function renderRegistrationSummary(source: DocumentsSource, language: Language): Promise<Uint8Array> {
  const l = localizer(source, language);
  const code = source.request?.code ?? "";
  const layout = await PdfLayout.create({
    title: l.t("summary.metaTitle", { student: source.studentName }),
    author: source.school.name,
    subject: l.t("summary.subject", { code, year: source.schoolYearLabel }),
    locale: l.locale,
    accent: source.school.accent,
    headerLeft: source.school.name,
    headerRight: l.t("summary.header", { code }),
    footerNote: l.t("common.generatedAt", { date: l.dateTime(new Date().toISOString()) }),
    pageLabel: (page, total) => l.t("common.page", { page, total }),
  });
  const steps = source.steps;

  layout.title(l.t("summary.title"));
  layout.subtitle(`${source.studentName} · ${l.t("summary.subtitle", { year: source.schoolYearLabel, code })}`);
  layout.paragraph(l.t("summary.intro", { school: source.school.name }), { after: 6 });

  layout.heading(l.t("summary.sections.request"));
  layout.row(l.t("common.requestCode"), code);
  layout.row(l.t("common.sentAt"), source.request ? l.dateTime(source.request.sentAt) : "");
  layout.row(l.t("common.student"), source.studentName);
  layout.row(l.t("common.schoolYear"), source.schoolYearLabel);
  layout.row(l.t("common.level"), l.level());

  section(layout, l, "studentFile");
  rows(layout, l, STUDENT_GENERAL, steps.studentFile);
  layout.subheading(l.t("summary.identity"));
  rows(layout, l, IDENTITY, steps.studentFile);
  rows(layout, l, [f("identityDocumentFileId", "file")], steps.studentFile);
  layout.subheading(l.t("summary.emergencyContacts"));
  const contacts = Array.isArray(steps.studentFile?.emergencyContacts)
    ? (steps.studentFile.emergencyContacts as StepData[])
    : [];
  contacts.forEach((contact, index) => {
    const relationship = l.label("relationships", contact.relationship);
    layout.row(
      l.t("summary.contactN", { n: index + 1 }),
      [l.str(contact.name), relationship, l.str(contact.phone)].filter(Boolean).join(" · "),
    );
  });

  section(layout, l, "enrollmentYear");
  layout.row(l.t("fields.schoolYear"), source.schoolYearLabel);
  rows(
    layout,
    l,
    [f("firstInscription", { values: "firstInscription" }), f("levelCode", catalog("levels"))],
    steps.enrollmentYear,
  );

  section(layout, l, "terms");
  consentRows(layout, l, source, TERMS_CONSENTS);

  section(layout, l, "firstRepresentative");
  rows(layout, l, REPRESENTATIVE, steps.firstRepresentative);

  section(layout, l, "secondRepresentative");
  if (steps.secondRepresentative?.declined === true) {
    layout.paragraph(l.t("summary.declined"));
    layout.row(l.t("summary.declinedReason"), l.str(steps.secondRepresentative.reason));
  } else {
    rows(layout, l, REPRESENTATIVE, steps.secondRepresentative);
  }

  section(layout, l, "authorizedPersons");
  const persons = Array.isArray(steps.authorizedPersons?.persons)
    ? (steps.authorizedPersons.persons as StepData[])
    : [];
  if (persons.length === 0) layout.paragraph(l.t("summary.noAuthorizedPersons"));
  persons.forEach((person, index) => {
    layout.subheading(l.t("summary.personN", { n: index + 1, name: l.personName(person) }));
    rows(layout, l, AUTHORIZED_PERSON, person);
  });

  section(layout, l, "studentPhoto");
  rows(layout, l, [f("photoFileId", "file", "studentPhotoFile")], steps.studentPhoto);
  for (const [field, subject] of Object.entries(PHOTO_CONSENTS)) {
    const consent = source.consents.get(subject);
    const answer = l.yesNo(steps.studentPhoto?.[field] === true);
    const recorded = consent?.withdrawn ? "summary.consentWithdrawn" : "summary.recordedAt";
    layout.row(
      l.t(`fields.${field}`),
      consent ? `${answer} · ${l.t(recorded, { date: l.dateTime(consent.at), version: consent.version })}` : answer,
    );
  }

  section(layout, l, "academicHistory");
  rows(layout, l, ACADEMIC, steps.academicHistory);

  section(layout, l, "financialInformation");
  rows(layout, l, FINANCE, steps.financialInformation);

  section(layout, l, "schoolTransport");
  rows(layout, l, TRANSPORT, steps.schoolTransport);

  section(layout, l, "exitAuthorization");
  layout.paragraph(
    l.t("summary.exitTimes", {
      exit: source.constants.schoolDayExit,
      from: source.constants.middayBreakFrom,
      to: source.constants.middayBreakTo,
    }),
  );
  rows(layout, l, EXIT, steps.exitAuthorization);

  section(layout, l, "medicalRecord");
  rows(layout, l, MEDICAL, steps.medicalRecord);
  layout.subheading(l.t("fields.allergies"));
  const allergies = (steps.medicalRecord?.allergies ?? {}) as Record<string, StepData[] | undefined>;
  for (const group of ["medications", "foods", "insects", "other"]) {
    const entries = Array.isArray(allergies[group]) ? (allergies[group] as StepData[]) : [];
    layout.row(
      l.t(`summary.allergyGroups.${group}`),
      entries.length === 0
        ? l.t("common.none")
        : entries
            .map((entry) => l.t("summary.allergyEntry", { item: l.str(entry.item), reaction: l.str(entry.reaction) }))
            .join("\n"),
    );
  }
  rows(layout, l, MEDICAL_DECLARATIONS, steps.medicalRecord);

  return layout.save();
}
