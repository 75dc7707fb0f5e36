import { z } from "zod";
import { REQUEST_STATUSES, type RequestStatus } from "../request-status.ts";
import { idParam } from "./fields.ts";
import { choice, pageField } from "./requests.ts";
import { positiveInt } from "./workflow.ts";

/**
 * Sync with the school's student database, the BUE (docs/rules/documents.md "Sync with
 * the BUE"): the year's eligible requests, the export of those not yet migrated (CSV or JSON, columns
 * in `BUE_EXPORT_COLUMNS`), the import of the BUE's codes, and one request's BUE page.
 */

/** The statuses whose students the BUE receives: accepted by the school and onwards, never refused. */
export const BUE_ELIGIBLE_STATUSES = [
  "Accepted",
  "Validated",
  "Confirmed",
  "Finished",
] as const satisfies readonly RequestStatus[];

export const BUE_EXPORT_FORMATS = ["csv", "json"] as const;
export type BueExportFormat = (typeof BUE_EXPORT_FORMATS)[number];

/** The published column list of the export, in file order (docs/api.md). */
export const BUE_EXPORT_COLUMNS = [
  "requestCode",
  "schoolYear",
  "levelCode",
  "isNewStudent",
  "studentCode",
  "studentFirstSurname",
  "studentSecondSurname",
  "studentNames",
  "studentGender",
  "studentBirthDate",
  "studentDocumentType",
  "studentDocumentNumber",
  "studentNationality",
  "rep1ContactCodeBue",
  "rep1FirstSurname",
  "rep1SecondSurname",
  "rep1Names",
  "rep1DocumentType",
  "rep1DocumentNumber",
  "rep1Email",
  "rep1CellPhone",
  "rep2ContactCodeBue",
  "rep2FirstSurname",
  "rep2SecondSurname",
  "rep2Names",
  "rep2DocumentType",
  "rep2DocumentNumber",
  "rep2Email",
  "rep2CellPhone",
] as const;
export type BueExportColumn = (typeof BUE_EXPORT_COLUMNS)[number];
/** One exported student: every column a string (empty when unknown). */
export type BueExportRow = Record<BueExportColumn, string>;

/** The import file's columns, in order (a header line with these names is optional). */
export const BUE_IMPORT_COLUMNS = ["requestCode", "studentCode", "rep1ContactCodeBue", "rep2ContactCodeBue"] as const;
/** A BUE code: letters, digits and `. _ - /`, at most 30 characters (the steps' field length). */
export const BUE_CODE_PATTERN = /^[A-Za-z0-9._/-]{1,30}$/;
export const BUE_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const BUE_IMPORT_MAX_LINES = 10_000;
/** At most this many bad lines are listed (the rest are counted). */
export const BUE_IMPORT_MAX_REPORTED = 200;

export const BUE_MIGRATION_STATES = ["pending", "migrated"] as const;
export type BueMigrationState = (typeof BUE_MIGRATION_STATES)[number];
export const BUE_PAGE_SIZE = 50;

/** GET /api/sync: default year the session's. */
export const syncListQuerySchema = z.strictObject({
  schoolYearId: idParam.optional(),
  state: choice(BUE_MIGRATION_STATES).optional(),
  page: pageField.default(1),
});
export type SyncListQuery = z.output<typeof syncListQuerySchema>;

/** POST /api/sync/exports. */
export const syncExportSchema = z.strictObject({
  schoolYearId: positiveInt,
  format: choice(BUE_EXPORT_FORMATS),
});

/** GET /api/sync/exports (the year's batches). */
export const syncBatchListQuerySchema = z.strictObject({ schoolYearId: idParam.optional() });
/** GET /api/sync/exports/:id (a past batch again). */
export const syncBatchParams = z.strictObject({ id: idParam });
export const syncBatchFileQuerySchema = z.strictObject({ format: choice(BUE_EXPORT_FORMATS) });

export const syncRequestParams = z.strictObject({ id: idParam });

const codeField = z
  .string({ error: "validation.invalidType" })
  .trim()
  .refine((value) => value === "" || BUE_CODE_PATTERN.test(value), { error: "validation.bueCode" });

/** PUT /api/sync/requests/:id/codes: empty = no code. `version`: the request's, as read. */
export const syncCodesSchema = z.strictObject({
  studentCode: codeField,
  rep1ContactCodeBue: codeField,
  rep2ContactCodeBue: codeField,
  version: positiveInt,
});
export type SyncCodesInput = z.input<typeof syncCodesSchema>;

const migrationSchema = z.object({
  state: z.enum(BUE_MIGRATION_STATES),
  migratedAt: z.string().nullable(),
  migratedBy: z.string().nullable(),
  batchId: z.number().nullable(),
});

export const syncListItemSchema = z.object({
  id: z.number(),
  code: z.string(),
  studentName: z.string(),
  levelCode: z.string().nullable(),
  status: z.enum(REQUEST_STATUSES),
  studentCode: z.string(),
  rep1ContactCodeBue: z.string(),
  rep2ContactCodeBue: z.string(),
  migration: migrationSchema,
});
export type SyncListItem = z.infer<typeof syncListItemSchema>;

export const syncListSchema = z.object({
  schoolYearId: z.number(),
  counts: z.object({ toMigrate: z.number(), migrated: z.number() }),
  items: z.array(syncListItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type SyncList = z.infer<typeof syncListSchema>;

export const syncBatchSchema = z.object({
  id: z.number(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  rowCount: z.number(),
});
export const syncBatchListSchema = z.object({ items: z.array(syncBatchSchema) });
export type SyncBatch = z.infer<typeof syncBatchSchema>;

/** GET /api/sync/requests/:id: the row the export writes, the migration state, the codes. */
export const syncRequestSchema = z.object({
  id: z.number(),
  code: z.string(),
  status: z.enum(REQUEST_STATUSES),
  eligible: z.boolean(),
  hasSecondRepresentative: z.boolean(),
  version: z.number(),
  row: z.record(z.enum(BUE_EXPORT_COLUMNS), z.string()),
  migration: migrationSchema,
});
export type SyncRequest = z.infer<typeof syncRequestSchema>;

export const syncImportResultSchema = z.object({ updated: z.number(), lines: z.number() });
export type SyncImportResult = z.infer<typeof syncImportResultSchema>;
