import { z } from "zod";
import { choice, pageField, pageSizeField, param, requestFilterFields, SORT_ORDERS } from "./requests.ts";

/**
 * The back office's reports: three tables over the year's sent files and their
 * XLSX/CSV exports. Column ids are the API's (`columns=code,studentName`) and the i18n keys of the
 * headers (`reports:column.<id>`); the server's registry (modules/reports/report-columns.ts) says
 * how each is read. Medical data is not here (the medical-records view's).
 */
export const REPORT_IDS = ["students", "representatives", "authorizedPersons"] as const;
export type ReportId = (typeof REPORT_IDS)[number];

/** Columns every report has: the request each row belongs to. */
const REQUEST_COLUMNS = ["code", "studentName", "level", "kind", "status", "createdAt", "updatedAt"] as const;

/**
 * The students report's columns by group, in the chooser's order: the spec's steps, so the bursar
 * finds the finance columns together, the gate the exit authorization's, the communications office
 * the consents (docs/rules/documents.md "Reports").
 */
const STUDENT_GROUPS = {
  request: REQUEST_COLUMNS,
  student: [
    "studentCode",
    "firstName",
    "secondName",
    "names",
    "usualName",
    "gender",
    "birthDate",
    "birthCountry",
    "birthCity",
    "primaryNationality",
    "secondaryNationality",
    "typeIdentification",
    "documentNumber",
    "email",
    "phone",
    "primaryResidence",
    "sector",
    "childOfStaff",
    "emergencyContacts",
  ],
  family: ["firstRepresentativeName", "secondRepresentativeName"],
  academicHistory: [
    "previousLevel",
    "repeatingClass",
    "previousSchool",
    "previousSchoolCity",
    "previousSchoolCountry",
    "aefeAccredited",
  ],
  finance: [
    "paymentReference",
    "payerName",
    "payerDocumentNumber",
    "payerEmail",
    "payerContactCode",
    "paymentMethod",
    "scholarship",
    "scholarshipOrganization",
  ],
  transport: ["wantsBus"],
  exitAuthorization: [
    "collectedBy",
    "exitAlone",
    "middayBreak",
    "freePeriods",
    "emergencyPreference",
    "events",
    "pedagogicExits",
  ],
  // Where each consent stands: given, withdrawn by the family, not given (docs/rules/data-protection.md).
  consents: ["imageConsent", "publishImage", "dataUseConsent"],
} as const;

const REPRESENTATIVE_GROUPS = {
  request: REQUEST_COLUMNS,
  representative: [
    "representativeType",
    "prefix",
    "representativeName",
    "firstName",
    "secondName",
    "names",
    "relationship",
    "isLegalRepresentative",
    "isAccountHolder",
    "civilStatus",
    "birthDate",
    "birthCountry",
    "birthCity",
    "primaryNationality",
    "secondaryNationality",
    "typeIdentification",
    "documentNumber",
    "email",
    "cellPhone",
    "landline",
    "countryResidence",
    "cityResidence",
    "address",
    "sector",
    "postalCode",
  ],
  work: ["professionalSituation", "nameEmployer", "phoneWork", "categoryWork", "professionCode"],
  contacts: ["shareContacts", "contactCodeBue", "formerStudent", "graduationYear"],
} as const;

const AUTHORIZED_PERSON_GROUPS = {
  request: REQUEST_COLUMNS,
  authorizedPerson: [
    "personName",
    "firstName",
    "secondName",
    "names",
    "relationship",
    "typeIdentification",
    "documentNumber",
    "cellPhone",
    "address",
    "postalCode",
  ],
} as const;

/** Each report's column groups (the chooser's headings: `reports:group.<id>`). */
export const REPORT_COLUMN_GROUPS = {
  students: STUDENT_GROUPS,
  representatives: REPRESENTATIVE_GROUPS,
  authorizedPersons: AUTHORIZED_PERSON_GROUPS,
} as const;

export const REPORT_COLUMNS = {
  students: [
    ...STUDENT_GROUPS.request,
    ...STUDENT_GROUPS.student,
    ...STUDENT_GROUPS.family,
    ...STUDENT_GROUPS.academicHistory,
    ...STUDENT_GROUPS.finance,
    ...STUDENT_GROUPS.transport,
    ...STUDENT_GROUPS.exitAuthorization,
    ...STUDENT_GROUPS.consents,
  ],
  representatives: [
    ...REPRESENTATIVE_GROUPS.request,
    ...REPRESENTATIVE_GROUPS.representative,
    ...REPRESENTATIVE_GROUPS.work,
    ...REPRESENTATIVE_GROUPS.contacts,
  ],
  authorizedPersons: [...AUTHORIZED_PERSON_GROUPS.request, ...AUTHORIZED_PERSON_GROUPS.authorizedPerson],
} as const satisfies Record<ReportId, readonly string[]>;

/** The group a report's column is shown under. */
export function columnGroupOf(report: ReportId, column: string): string {
  const groups = REPORT_COLUMN_GROUPS[report] as Record<string, readonly string[]>;
  return Object.keys(groups).find((group) => groups[group]!.includes(column)) ?? "request";
}
export type ReportColumnId = (typeof REPORT_COLUMNS)[ReportId][number];

/**
 * What the SQL can order by: the request's own columns, and the representative's name on the
 * representatives report (docs/rules/documents.md "Reports"). Step fields are not sortable.
 */
export const REPORT_SORTS = {
  students: ["code", "studentName", "level", "kind", "status", "createdAt", "updatedAt"],
  representatives: ["code", "studentName", "representativeName", "createdAt"],
  authorizedPersons: ["code", "studentName", "level", "kind", "status", "createdAt", "updatedAt"],
} as const satisfies { [R in ReportId]: readonly (typeof REPORT_COLUMNS)[R][number][] };

/** The columns shown when the URL names none. */
export const DEFAULT_REPORT_COLUMNS = {
  students: ["code", "studentName", "level", "status", "birthDate", "documentNumber"],
  representatives: ["code", "studentName", "level", "representativeName", "relationship", "email", "cellPhone"],
  authorizedPersons: ["code", "studentName", "level", "personName", "relationship", "cellPhone"],
} as const satisfies { [R in ReportId]: readonly (typeof REPORT_COLUMNS)[R][number][] };

export const REPORT_COLUMN_TYPES = ["text", "date", "number", "boolean"] as const;
export type ReportColumnType = (typeof REPORT_COLUMN_TYPES)[number];

export const EXPORT_FORMATS = ["xlsx", "csv"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** `columns=a,b,c`: each a column of the report, in the order given (duplicates dropped). */
function columnsField<T extends readonly [string, ...string[]]>(ids: T) {
  return param(2000)
    .transform((value) => [...new Set(value.split(",").map((part) => part.trim()))])
    .refine((list) => list.length > 0 && list.every((id) => (ids as readonly string[]).includes(id)), {
      error: "validation.choice",
    })
    .transform((list) => list as T[number][]);
}

function filtersOf<R extends ReportId>(report: R) {
  const columns = REPORT_COLUMNS[report] as unknown as readonly [string, ...string[]];
  const sorts = REPORT_SORTS[report] as unknown as readonly [string, ...string[]];
  return {
    ...requestFilterFields,
    columns: columnsField(columns).optional(),
    sort: choice(sorts).default("code"),
    order: choice(SORT_ORDERS).default("asc"),
  };
}

/** GET /api/reports/<report>: one page of the table. */
export const reportQuerySchema = (report: ReportId) =>
  z.strictObject({ ...filtersOf(report), page: pageField.default(1), pageSize: pageSizeField.default(25) });

/** GET /api/reports/<report>/export: the whole filtered set as a file. */
export const reportExportQuerySchema = (report: ReportId) =>
  z.strictObject({ ...filtersOf(report), format: choice(EXPORT_FORMATS) });

/** GET /api/reports/committee-contacts/export: representatives who share their contacts. */
export const committeeExportQuerySchema = z.strictObject({
  ...requestFilterFields,
  format: choice(EXPORT_FORMATS),
});

export interface ReportQuery {
  schoolYearId?: number;
  testData: "include" | "exclude" | "only";
  status?: string[];
  level?: string;
  kind?: "new" | "reenrollment";
  columns?: string[];
  sort: string;
  order: "asc" | "desc";
}

export const reportColumnSchema = z.object({
  id: z.string(),
  label: z.string(),
  type: z.enum(REPORT_COLUMN_TYPES),
  sortable: z.boolean(),
  /** Its group in the chooser (REPORT_COLUMN_GROUPS). */
  group: z.string(),
});
export type ReportColumn = z.infer<typeof reportColumnSchema>;

/** A cell: text, a number, a boolean, an ISO date (date columns) or empty. */
const cellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const reportPageSchema = z.object({
  /** Every column of the report, for the chooser. */
  columns: z.array(reportColumnSchema),
  /** The columns of `rows`, in order. */
  selected: z.array(z.string()),
  rows: z.array(z.array(cellSchema)),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type ReportPage = z.infer<typeof reportPageSchema>;
