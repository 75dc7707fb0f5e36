import type { CatalogName } from "@portal/shared/catalogs";
import type { StepId } from "@portal/shared/enrollment-steps";

/**
 * The summary's read-out of one step's saved data (step 14): every saved field as a
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
  previousLevel: "levels",
  institutionCountry: "countries",
  typeIdentification: "identificationTypes",
};

/**
 * Values a label's text names, per step: the representative steps share their labels and differ
 * by number ("Are you legal representative {{n}}?"); the exit times come from the year's settings
 * (SummaryText.label adds them).
 */
const LABEL_VALUES: Partial<Record<StepId, Record<string, number>>> = {
  firstRepresentative: { n: 1, other: 2 },
  secondRepresentative: { n: 2, other: 1 },
};

/** Fields not shown: repeated confirmations, and ids the page shows another way. */
const HIDDEN_FIELDS = new Set(["emailConfirmation", "cellPhoneConfirmation", "typeRepresentative", "schoolYearId"]);

export interface SummaryText {
  /**
   * The field's label, given its section, its path of group names and its own name; `values` are
   * what the step's labels name (LABEL_VALUES).
   */
  label: (section: string, path: readonly string[], field: string, values: Record<string, number>) => string;
  /** A catalogue code's label, or null when the code is not in the catalogue. */
  catalog: (name: CatalogName, code: string) => string | null;
  /** A previous level typed before the level list existed (not a catalogue code), as the step shows it. */
  typedLevel: (value: string) => string;
  /** Label of a choice that is neither a catalogue code nor free text (F/M, a preference, 1/2…). */
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

interface Place {
  section: string;
  values: Record<string, number>;
}

function shownValue(
  place: Place,
  path: readonly string[],
  field: string,
  value: unknown,
  text: SummaryText,
): SummaryValue | null {
  const section = place.section;
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "boolean") return { kind: "text", text: value ? text.yes : text.no };
  if (field.endsWith("FileId") && typeof value === "number") return { kind: "file", uploadId: value };
  const catalog = CATALOG_FIELDS[field];
  if (catalog && (typeof value === "number" || typeof value === "string")) {
    const label = text.catalog(catalog, String(value));
    if (label !== null) return { kind: "text", text: label };
    // Typed in before the level list: shown as typed, marked so.
    if (field === "previousLevel") return { kind: "text", text: text.typedLevel(String(value)) };
    return { kind: "text", text: String(value) };
  }
  if (typeof value === "number") {
    return { kind: "text", text: text.choice(section, field, String(value)) ?? text.number(field, value) };
  }
  if (typeof value === "string") {
    if (ISO_DATE.test(value)) return { kind: "text", text: text.date(value) };
    return { kind: "text", text: text.choice(section, field, value) ?? value };
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return null;
    const rows = value.map((entry, index) => {
      const nested = rowsOf(place, [...path, field], entry, text);
      return {
        field: `${field}.${index}`,
        label: text.item(section, field, index + 1),
        value: { kind: "group", rows: nested } as const,
      };
    });
    return { kind: "group", rows };
  }
  if (typeof value === "object") {
    const rows = rowsOf(place, [...path, field], value, text);
    return rows.length > 0 ? { kind: "group", rows } : null;
  }
  return null;
}

function rowsOf(place: Place, path: readonly string[], data: unknown, text: SummaryText): SummaryRow[] {
  if (!data || typeof data !== "object") return [];
  const rows: SummaryRow[] = [];
  for (const [field, value] of Object.entries(data as Record<string, unknown>)) {
    if (HIDDEN_FIELDS.has(field)) continue;
    const shown = shownValue(place, path, field, value, text);
    if (shown) rows.push({ field, label: text.label(place.section, path, field, place.values), value: shown });
  }
  return rows;
}

/** The rows of one step's saved data; empty values (blank, absent, empty lists) are left out. */
export function summaryRows(step: StepId, data: Record<string, unknown> | null, text: SummaryText): SummaryRow[] {
  return rowsOf({ section: LABEL_SECTION[step], values: LABEL_VALUES[step] ?? {} }, [], data, text);
}
