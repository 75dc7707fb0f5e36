import type { CatalogName } from "@portal/shared/catalogs";
import type { YearConstants } from "@portal/shared/rules/year-settings";
import { FIRST_INSCRIPTION } from "@portal/shared/schemas/enrollment/enrollment-year";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { SelectOptions } from "../step-kit/catalog-options.ts";
import type { SummaryText } from "./summary-rows.ts";

type Exists = (key: string) => boolean;
type Translate = (key: string, values?: Record<string, unknown>) => string;

/** "vaccinationBookletFileId" → "Vaccination booklet file id": the last resort for a label. */
export function humanize(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The first of `keys` that has a translation, translated with `values`; else null. */
function firstKnown(t: Translate, exists: Exists, keys: string[], values?: Record<string, unknown>): string | null {
  const key = keys.find((candidate) => exists(candidate));
  return key ? t(key, values) : null;
}

/**
 * Fields whose step screen labels them under another key (uploads, list items, texts with a
 * title): `<section>.<path>.<field>` → the screen's key, so the summary says what the form says.
 */
const LABEL_ALIASES: Readonly<Record<string, string>> = {
  "studentFile.identityDocumentFileId": "studentFile.identityDocument",
  "studentFile.emergencyContacts": "studentFile.emergencyTitle",
  "studentFile.emergencyContacts.name": "studentFile.contactName",
  "studentFile.emergencyContacts.relationship": "studentFile.contactRelationship",
  "studentFile.emergencyContacts.phone": "studentFile.contactPhone",
  "enrollmentYear.levelCode": "enrollmentYear.level",
  "terms.termsOfUse": "terms.termsOfUse.title",
  // The second representative declined: the step's own wording, not "Declined" / "Reason".
  "representative.declined": "secondRepresentative.decline",
  "representative.reason": "secondRepresentative.reason",
  "terms.dataUseAgreement": "terms.dataUseAgreement.title",
  "terms.servicesContract": "terms.servicesContract.title",
  "representative.photoFileId": "representative.photo",
  "representative.documentFileId": "representative.identityDocument",
  "representative.legalBackingFileId": "representative.legalBacking",
  "authorizedPersons.persons": "authorizedPersons.listTitle",
  "authorizedPersons.persons.photoFileId": "authorizedPersons.photo",
  "authorizedPersons.persons.documentFileId": "authorizedPersons.identityDocument",
  "studentPhoto.photoFileId": "studentPhoto.photo",
  "medicalRecord.incapacityCertificateFileId": "medicalRecord.incapacityCertificate",
  "medicalRecord.disqualifiedSportFileId": "medicalRecord.sportCertificate",
  "medicalRecord.vaccinationBookletFileId": "medicalRecord.vaccinationBooklet",
  "medicalRecord.allergies": "medicalRecord.allergiesTitle",
  "medicalRecord.allergies.medications": "medicalRecord.allergyGroups.medications",
  "medicalRecord.allergies.foods": "medicalRecord.allergyGroups.foods",
  "medicalRecord.allergies.insects": "medicalRecord.allergyGroups.insects",
  "medicalRecord.allergies.other": "medicalRecord.allergyGroups.other",
};

/** Choices (not catalogues) whose labels the step screen keeps under `<key>.<value>`. */
const CHOICE_KEYS: Readonly<Record<string, string>> = {
  "finance.paymentReference": "finance.reference",
  "exitAuthorization.emergencyPreference": "exitAuthorization.emergency",
};

/** Choices stored as numbers, labelled as the step's radio buttons are. */
const NUMBERED_CHOICES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  "enrollmentYear.firstInscription": {
    [FIRST_INSCRIPTION.first]: "enrollmentYear.first",
    [FIRST_INSCRIPTION.reEnrollment]: "enrollmentYear.reEnrollment",
  },
};

/** Fields inside a list are labelled by the list's own field keys (`persons.names` → `names`). */
const LIST_ITEM_SECTIONS: Readonly<Record<string, string>> = {
  "medicalRecord.allergies.medications": "medicalRecord",
  "medicalRecord.allergies.foods": "medicalRecord",
  "medicalRecord.allergies.insects": "medicalRecord",
  "medicalRecord.allergies.other": "medicalRecord",
};

/** Units of the numeric fields that have one (the medical record's height and weight, spec 3). */
const NUMBER_UNITS: Readonly<Record<string, string>> = { height: "cm", weight: "kg" };

/** Where the summary finds a field's label: an alias to the step screen's key, else the screen's own. */
export function labelKeys(section: string, path: readonly string[], field: string): string[] {
  const full = [section, ...path, field].join(".");
  const parent = [section, ...path].join(".");
  const keys: string[] = [];
  const alias = LABEL_ALIASES[full];
  if (alias) keys.push(`enrollment:${alias}`);
  // Allergy entries: item and reaction, labelled as on the medical screen.
  const listSection = LIST_ITEM_SECTIONS[parent];
  if (listSection) {
    // The item's label names its group ("Medication", "Food"…); the reaction's is shared.
    const group = path[path.length - 1] ?? "";
    if (field === "item") keys.push(`enrollment:${listSection}.allergyItem.${group}`);
    if (field === "reaction") keys.push(`enrollment:${listSection}.allergyReaction`);
  }
  keys.push(`enrollment:${section}.${field}`);
  return keys;
}

export function buildSummaryText(
  t: Translate,
  exists: Exists,
  locale: string,
  catalogs: Record<CatalogName, SelectOptions>,
  constants: YearConstants,
): SummaryText {
  // The exit step's labels name the year's times ("… at {{exit}}", "from {{from}} to {{to}}").
  const times = { exit: constants.schoolDayExit, from: constants.middayBreakFrom, to: constants.middayBreakTo };
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" });
  // No grouping: a year (graduationYear 2010) must not read "2.010".
  const numberFormat = new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 2 });
  return {
    label: (section, path, field, values) =>
      firstKnown(t, exists, labelKeys(section, path, field), { ...times, ...values }) ?? humanize(field),
    catalog: (name, code) => catalogs[name]?.find((option) => option.value === code)?.label ?? null,
    typedLevel: (value) => t("enrollment:academicHistory.previousLevelTyped", { value }),
    choice: (section, field, value) => {
      const numbered = NUMBERED_CHOICES[`${section}.${field}`]?.[value];
      const keyed = CHOICE_KEYS[`${section}.${field}`];
      return firstKnown(t, exists, [
        ...(numbered ? [`enrollment:${numbered}`] : []),
        ...(keyed ? [`enrollment:${keyed}.${value}`] : []),
        `enrollment:${section}.${field}${value}`,
      ]);
    },
    yes: t("common:actions.yes"),
    no: t("common:actions.no"),
    date: (iso) => dateFormat.format(new Date(`${iso}T00:00:00Z`)),
    number: (field, value) => {
      const unit = NUMBER_UNITS[field];
      return unit ? `${numberFormat.format(value)}\u00a0${unit}` : numberFormat.format(value);
    },
    item: (_section, field, n) =>
      exists(`enrollment:summary.items.${field}`)
        ? t(`enrollment:summary.items.${field}`, { n })
        : `${humanize(field)} ${n}`,
  };
}

/** The summary's wording in the UI language, with the file's year's times. */
export function useSummaryText(catalogs: Record<CatalogName, SelectOptions>, constants: YearConstants): SummaryText {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => buildSummaryText(t as Translate, (key) => i18n.exists(key), i18n.language, catalogs, constants),
    [t, i18n, catalogs, constants],
  );
}
