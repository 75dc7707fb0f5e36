import type { CatalogName } from "@portal/shared/catalogs";
import type { StepId } from "@portal/shared/enrollment-steps";

/**
 * The summary's read-out of one step's saved data (issue #3, step 14): every saved field as a
 * labelled value, in the order the step saved them. Pure, so the rules are unit-tested; the page
 * supplies translation and catalogue labels.
 */
export type SummaryValue =
  | { kind: "text"; text: string }
  | { kind: "file"; uploadId: number }
  | { kind: "group"; rows: SummaryRow[] };

export interface SummaryRow {
  field: string;
  label: string;
  value: SummaryValue;
}

/** The i18n section holding each step's field labels (`enrollment:<section>.<field>`). */
export const LABEL_SECTION: Record<StepId, string> = {
  studentFile: "studentFile",
  enrollmentYear: "enrollmentYear",
  terms: "terms",
  firstRepresentative: "representative",
  secondRepresentative: "representative",
  authorizedPersons: "authorizedPersons",
  studentPhoto: "studentPhoto",
  academicHistory: "academicHistory",
  financialInformation: "finance",
  schoolTransport: "schoolTransport",
  exitAuthorization: "exitAuthorization",
  medicalRecord: "medicalRecord",
};

/** Fields holding a catalogue code, shown with the catalogue's label. */
export const CATALOG_FIELDS: Readonly<Record<string, CatalogName>> = {
  birthCountry: "countries",
  countryResidence: "countries",
  countryWork: "countries",
  primaryNationality: "nationalities",
  secondaryNationality: "nationalities",
  bloodType: "bloodTypes",
  relationship: "relationships",
  relationshipStudentCode: "relationships",
  civilStatus: "civilStatus",
  prefix: "prefixes",
  professionalSituation: "professionalSituations",
  categoryWork: "socioProfessionalCategories",
  paymentMethod: "paymentMethods",
  levelCode: "levels",
  typeIdentification: "identificationTypes",
};

/** Fields not shown: repeated confirmations, and ids the page shows another way. */
const HIDDEN_FIELDS = new Set(["emailConfirmation", "cellPhoneConfirmation", "typeRepresentative", "schoolYearId"]);

export interface SummaryText {
  /** The field's label, given its section, its path of group names and its own name. */
  label: (section: string, path: readonly string[], field: string) => string;
  /** A catalogue code's label, or the code when it is not in the catalogue. */
  catalog: (name: CatalogName, code: string) => string;
  /** Label of a choice that is neither a catalogue code nor free text (F/M, a preference…). */
  choice: (section: string, field: string, value: string) => string | null;
  yes: string;
  no: string;
  date: (iso: string) => string;
  /** A number in the UI language (decimal comma in es/fr), with its unit where the field has one. */
  number: (field: string, value: number) => string;
  /** Title of the n-th (1-based) item of a list field such as `persons` or `emergencyContacts`. */
  item: (section: string, field: string, n: number) => string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function shownValue(
  section: string,
  path: readonly string[],
  field: string,
  value: unknown,
  text: SummaryText,
): SummaryValue | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "boolean") return { kind: "text", text: value ? text.yes : text.no };
  if (field.endsWith("FileId") && typeof value === "number") return { kind: "file", uploadId: value };
  if (typeof value === "number") {
    const catalog = CATALOG_FIELDS[field];
    return { kind: "text", text: catalog ? text.catalog(catalog, String(value)) : text.number(field, value) };
  }
  if (typeof value === "string") {
    const catalog = CATALOG_FIELDS[field];
    if (catalog) return { kind: "text", text: text.catalog(catalog, value) };
    if (ISO_DATE.test(value)) return { kind: "text", text: text.date(value) };
    return { kind: "text", text: text.choice(section, field, value) ?? value };
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return null;
    const rows = value.map((entry, index) => {
      const nested = rowsOf(section, [...path, field], entry, text);
      return {
        field: `${field}.${index}`,
        label: text.item(section, field, index + 1),
        value: { kind: "group", rows: nested } as const,
      };
    });
    return { kind: "group", rows };
  }
  if (typeof value === "object") {
    const rows = rowsOf(section, [...path, field], value, text);
    return rows.length > 0 ? { kind: "group", rows } : null;
  }
  return null;
}

function rowsOf(section: string, path: readonly string[], data: unknown, text: SummaryText): SummaryRow[] {
  if (!data || typeof data !== "object") return [];
  const rows: SummaryRow[] = [];
  for (const [field, value] of Object.entries(data as Record<string, unknown>)) {
    if (HIDDEN_FIELDS.has(field)) continue;
    const shown = shownValue(section, path, field, value, text);
    if (shown) rows.push({ field, label: text.label(section, path, field), value: shown });
  }
  return rows;
}

/** The rows of one step's saved data; empty values (blank, absent, empty lists) are left out. */
export function summaryRows(step: StepId, data: Record<string, unknown> | null, text: SummaryText): SummaryRow[] {
  return rowsOf(LABEL_SECTION[step], [], data, text);
}
