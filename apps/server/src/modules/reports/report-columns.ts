import type { CatalogName } from "@portal/shared/catalogs";
import type { ConsentKind } from "@portal/shared/consents";
import type { ConsentStateName } from "@portal/shared/schemas/consents";
import {
  type REPORT_COLUMNS,
  REPORT_SORTS,
  type ReportColumnType,
  type ReportId,
} from "@portal/shared/schemas/reports";

/**
 * The reports' column registry: for every column id of packages/shared/src/schemas/
 * reports.ts, its type and how its value is read from a row's record — the request's columns, and
 * the sent file's step JSON (`enrollment_steps.data`). Catalogue codes come out as labels in the
 * reader's language; file ids, photos and medical data are never columns.
 */

/** A request's columns as the reports read them. */
export interface ReportRequestRow {
  id: number;
  code: string;
  file_id: number;
  student_name: string;
  level_code: string | null;
  is_new_student: number;
  request_status: string;
  created_at: string;
  updated_at: string;
}

/** One row of a report: its request, the file's steps, and the person the row is about. */
export interface ReportRecord {
  request: ReportRequestRow;
  step: (id: string) => Record<string, unknown>;
  /** The student's file, the representative's step, or the authorized person. */
  person: Record<string, unknown>;
  representativeType?: 1 | 2;
  /** The students report's: where the file's image and data-use consents stand (withdrawals included). */
  consents?: Record<ConsentKind, ConsentStateName>;
}

/** The words a reader needs: catalogue labels, status labels, yes/no (user's language). */
export interface ReportLabels {
  catalog: (name: CatalogName, code: unknown) => string;
  status: (code: string) => string;
  kind: (isNew: boolean) => string;
  consent: (state: ConsentStateName) => string;
  /** A fixed choice's label (`documents:values.<set>.<code>`, the PDFs' words), or the code. */
  value: (set: "paymentReference" | "emergencyPreference", code: unknown) => string;
}

export type Cell = string | number | boolean | null;

export interface ColumnDefinition {
  type: ReportColumnType;
  read: (record: ReportRecord, labels: ReportLabels) => Cell;
}

const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");
const bool = (value: unknown): boolean | null => (typeof value === "boolean" ? value : null);
const isoDate = (value: unknown): string | null =>
  typeof value === "string" && /^\d{4}-\d{2}-\d{2}/.test(value) ? value : null;
const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

export const personsOf = (data: Record<string, unknown>): Record<string, unknown>[] =>
  Array.isArray(data.persons)
    ? data.persons.filter((p): p is Record<string, unknown> => !!p && typeof p === "object")
    : [];

export const fullName = (data: Record<string, unknown>): string =>
  [text(data.names), text(data.firstName), text(data.secondName)].filter(Boolean).join(" ");

const field = (key: string): ColumnDefinition => ({ type: "text", read: (r) => text(r.person[key]) });
const dateField = (key: string): ColumnDefinition => ({ type: "date", read: (r) => isoDate(r.person[key]) });
const boolField = (key: string): ColumnDefinition => ({ type: "boolean", read: (r) => bool(r.person[key]) });
const catalogField = (key: string, catalog: CatalogName): ColumnDefinition => ({
  type: "text",
  read: (r, l) => l.catalog(catalog, r.person[key]),
});

/** The relationship's label, or the family's own words when it is "other". */
const relationship: ColumnDefinition = {
  type: "text",
  read: (r, l) => text(r.person.relationshipOther) || l.catalog("relationships", r.person.relationshipStudentCode),
};

const requestColumns = {
  code: { type: "text", read: (r) => r.request.code },
  studentName: { type: "text", read: (r) => r.request.student_name },
  level: { type: "text", read: (r, l) => l.catalog("levels", r.request.level_code) },
  kind: { type: "text", read: (r, l) => l.kind(Number(r.request.is_new_student) === 1) },
  status: { type: "text", read: (r, l) => l.status(r.request.request_status) },
  createdAt: { type: "date", read: (r) => r.request.created_at },
  updatedAt: { type: "date", read: (r) => r.request.updated_at },
} satisfies Record<string, ColumnDefinition>;

const personColumns = {
  firstName: field("firstName"),
  secondName: field("secondName"),
  names: field("names"),
  birthDate: dateField("birthDate"),
  birthCountry: catalogField("birthCountry", "countries"),
  birthCity: field("birthCity"),
  primaryNationality: catalogField("primaryNationality", "nationalities"),
  secondaryNationality: catalogField("secondaryNationality", "nationalities"),
  typeIdentification: catalogField("typeIdentification", "identificationTypes"),
  documentNumber: field("documentNumber"),
  email: field("email"),
  sector: field("sector"),
  address: field("address"),
  postalCode: field("postalCode"),
  cellPhone: field("cellPhone"),
} satisfies Record<string, ColumnDefinition>;

/** A column read from one of the file's steps. */
const stepText = (step: string, key: string): ColumnDefinition => ({
  type: "text",
  read: (r) => text(r.step(step)[key]),
});
const stepBool = (step: string, key: string): ColumnDefinition => ({
  type: "boolean",
  read: (r) => bool(r.step(step)[key]),
});

/** Step 9. The last level is a level code, or the free text of files saved before the level list. */
const academicHistoryColumns = {
  previousLevel: { type: "text", read: (r, l) => l.catalog("levels", text(r.step("academicHistory").previousLevel)) },
  repeatingClass: stepBool("academicHistory", "repeatingClass"),
  previousSchool: stepText("academicHistory", "institutionName"),
  previousSchoolCity: stepText("academicHistory", "institutionCity"),
  previousSchoolCountry: {
    type: "text",
    read: (r, l) => l.catalog("countries", r.step("academicHistory").institutionCountry),
  },
  aefeAccredited: stepBool("academicHistory", "aefeAccredited"),
} satisfies Record<string, ColumnDefinition>;

const finance = (r: ReportRecord) => r.step("financialInformation");

/** Step 10: who pays and how (the bursar's columns). */
const financeColumns = {
  paymentReference: { type: "text", read: (r, l) => l.value("paymentReference", finance(r).paymentReference) },
  payerName: { type: "text", read: (r) => text(finance(r).namePaymentReference) || fullName(finance(r)) },
  payerDocumentNumber: stepText("financialInformation", "documentNumber"),
  payerEmail: stepText("financialInformation", "email"),
  payerContactCode: stepText("financialInformation", "contactCode"),
  paymentMethod: { type: "text", read: (r, l) => l.catalog("paymentMethods", finance(r).paymentMethod) },
  scholarship: stepBool("financialInformation", "isScholarShip"),
  scholarshipOrganization: {
    type: "text",
    read: (r) => (finance(r).isScholarShip === true ? text(finance(r).companyScholarShip) : ""),
  },
} satisfies Record<string, ColumnDefinition>;

/**
 * Step 12 and the persons of step 7 (the gate's columns). Publishing the image reads No once the
 * family has withdrawn its image consent, which covers publication (docs/rules/data-protection.md).
 */
const exitColumns = {
  collectedBy: {
    type: "text",
    read: (r, l) =>
      personsOf(r.step("authorizedPersons"))
        .map((person) => {
          const relation = text(person.relationshipOther) || l.catalog("relationships", person.relationshipStudentCode);
          return relation ? `${fullName(person)} (${relation})` : fullName(person);
        })
        .join(" | "),
  },
  exitAlone: stepBool("exitAuthorization", "exitAlone"),
  middayBreak: stepBool("exitAuthorization", "middayBreak"),
  freePeriods: stepBool("exitAuthorization", "freePeriods"),
  emergencyPreference: {
    type: "text",
    read: (r, l) => l.value("emergencyPreference", r.step("exitAuthorization").emergencyPreference),
  },
  events: stepBool("exitAuthorization", "events"),
  pedagogicExits: stepBool("exitAuthorization", "pedagogicExits"),
  publishImage: {
    type: "boolean",
    read: (r) => (r.consents?.image === "withdrawn" ? false : bool(r.step("exitAuthorization").publishImage)),
  },
} satisfies Record<string, ColumnDefinition>;

const studentColumns: Record<(typeof REPORT_COLUMNS)["students"][number], ColumnDefinition> = {
  ...requestColumns,
  ...personColumns,
  studentCode: field("studentCode"),
  usualName: field("usualName"),
  gender: field("gender"),
  phone: field("phone"),
  primaryResidence: field("primaryResidence"),
  childOfStaff: boolField("childOfStaff"),
  emergencyContacts: {
    type: "text",
    read: (r, l) => {
      const contacts = Array.isArray(r.person.emergencyContacts) ? r.person.emergencyContacts : [];
      return contacts
        .map((c: Record<string, unknown>) =>
          [text(c.name), l.catalog("relationships", c.relationship), text(c.phone)].filter(Boolean).join(", "),
        )
        .join(" | ");
    },
  },
  firstRepresentativeName: { type: "text", read: (r) => fullName(r.step("firstRepresentative")) },
  secondRepresentativeName: { type: "text", read: (r) => fullName(r.step("secondRepresentative")) },
  ...academicHistoryColumns,
  ...financeColumns,
  wantsBus: { type: "boolean", read: (r) => bool(r.step("schoolTransport").wantsBus) },
  ...exitColumns,
  imageConsent: { type: "text", read: (r, l) => l.consent(r.consents?.image ?? "none") },
  dataUseConsent: { type: "text", read: (r, l) => l.consent(r.consents?.dataUse ?? "none") },
};

const representativeColumns: Record<(typeof REPORT_COLUMNS)["representatives"][number], ColumnDefinition> = {
  ...requestColumns,
  ...personColumns,
  representativeType: { type: "number", read: (r) => r.representativeType ?? null },
  prefix: catalogField("prefix", "prefixes"),
  representativeName: { type: "text", read: (r) => fullName(r.person) },
  relationship,
  isLegalRepresentative: boolField("isLegalRepresentative"),
  isAccountHolder: boolField("isAccountHolder"),
  civilStatus: catalogField("civilStatus", "civilStatus"),
  landline: field("landline"),
  countryResidence: catalogField("countryResidence", "countries"),
  cityResidence: field("cityResidence"),
  professionalSituation: catalogField("professionalSituation", "professionalSituations"),
  nameEmployer: field("nameEmployer"),
  phoneWork: field("phoneWork"),
  categoryWork: catalogField("categoryWork", "socioProfessionalCategories"),
  professionCode: field("professionCode"),
  shareContacts: boolField("shareContacts"),
  contactCodeBue: field("contactCodeBue"),
  formerStudent: boolField("formerStudent"),
  graduationYear: { type: "number", read: (r) => num(r.person.graduationYear) },
};

const authorizedPersonColumns: Record<(typeof REPORT_COLUMNS)["authorizedPersons"][number], ColumnDefinition> = {
  ...requestColumns,
  personName: { type: "text", read: (r) => fullName(r.person) },
  firstName: personColumns.firstName,
  secondName: personColumns.secondName,
  names: personColumns.names,
  relationship,
  typeIdentification: personColumns.typeIdentification,
  documentNumber: personColumns.documentNumber,
  cellPhone: personColumns.cellPhone,
  address: personColumns.address,
  postalCode: personColumns.postalCode,
};

export const COLUMN_REGISTRY: Record<ReportId, Record<string, ColumnDefinition>> = {
  students: studentColumns,
  representatives: representativeColumns,
  authorizedPersons: authorizedPersonColumns,
};

export function columnDefinition(report: ReportId, id: string): ColumnDefinition {
  const definition = COLUMN_REGISTRY[report][id];
  if (!definition) throw new Error(`unknown column ${report}.${id}`);
  return definition;
}

export const isSortable = (report: ReportId, id: string): boolean =>
  (REPORT_SORTS[report] as readonly string[]).includes(id);

/** The committee contacts export (representatives with shareContacts): fixed columns. */
export const COMMITTEE_COLUMNS = [
  "representativeName",
  "email",
  "cellPhone",
  "landline",
  "studentName",
  "level",
] as const satisfies readonly (typeof REPORT_COLUMNS)["representatives"][number][];
