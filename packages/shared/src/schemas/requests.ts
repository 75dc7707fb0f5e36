import { z } from "zod";
import { isRequestStatus, REQUEST_STATUSES, type RequestStatus } from "../request-status.ts";
import { LEVEL_CODES } from "../rules/levels.ts";
import { idParam } from "./fields.ts";

/**
 * The staff's lists: query strings of GET /api/requests and GET /api/representatives,
 * and their answers. Every parameter is optional; an unknown parameter, a repeated one or a value
 * outside its list is a 400 VALIDATION_ERROR naming the parameter.
 */

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;
/** Deeper pages are refused (a search narrows better than page 100,001). */
export const MAX_PAGE = 100_000;
/** Longest search text, after trimming. */
export const MAX_SEARCH_LENGTH = 100;

export const REQUEST_SORTS = ["createdAt", "updatedAt", "studentName", "level", "status", "code"] as const;
export type RequestSort = (typeof REQUEST_SORTS)[number];
/** `name`: the representative's own name (the representatives lists). */
export const REPRESENTATIVE_SORTS = ["studentName", "name", "code", "createdAt"] as const;
export type RepresentativeSort = (typeof REPRESENTATIVE_SORTS)[number];
export const SORT_ORDERS = ["asc", "desc"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
/** include: every request; exclude (default): not the Test role's; only: the Test role's alone. */
export const TEST_DATA_MODES = ["include", "exclude", "only"] as const;
export type TestDataMode = (typeof TEST_DATA_MODES)[number];
/** new: first enrollment at the school; reenrollment: a student enrolled before. */
export const REQUEST_KINDS = ["new", "reenrollment"] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
/** all: both representatives of each request; 1 or 2: the first or the second only. */
export const REPRESENTATIVE_TYPES = ["all", "1", "2"] as const;
export type RepresentativeType = (typeof REPRESENTATIVE_TYPES)[number];
/** `internalReview=1`: only the requests whose internal review is requested and not resolved. */
export const INTERNAL_REVIEW_FILTERS = ["1"] as const;

// C0/C1 control characters.
const CONTROL_CHARS = /[\u0000-\u001F\u007F-\u009F]/;

/** One query parameter given once, as a bounded string (a repeated parameter arrives as a list). */
export const param = (max: number) =>
  z.string({ error: "validation.invalidType" }).max(max, { error: "validation.tooLong" });

export const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: "validation.choice" });

/**
 * Statuses as one comma-separated parameter: `status=Untreated,Restored` (not a repeated
 * parameter: a list in one value keeps the URL short and the bookmark readable).
 */
const statusListField = param(300)
  .transform((value) => [...new Set(value.split(",").map((part) => part.trim()))])
  .refine((list) => list.every(isRequestStatus), { error: "validation.choice" })
  .transform((list) => list as RequestStatus[]);

export const pageField = z.coerce
  .number({ error: "validation.invalidType" })
  .int({ error: "validation.invalidType" })
  .min(1, { error: "validation.invalidType" })
  .max(MAX_PAGE, { error: "validation.invalidType" });

export const pageSizeField = param(5)
  .transform((value) => Number(value))
  .pipe(
    z.number().refine((value): value is PageSize => (PAGE_SIZES as readonly number[]).includes(value), {
      error: "validation.choice",
    }),
  )
  .transform((value) => value as PageSize);

/** Free text over names and document numbers: trimmed, at most 100 characters, one line. */
export const searchField = param(MAX_SEARCH_LENGTH * 4)
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .max(MAX_SEARCH_LENGTH, { error: "validation.tooLong" })
      .refine((value) => !CONTROL_CHARS.test(value), { error: "validation.controlCharacters" }),
  );

const common = {
  /** Default: the school year chosen at login (the session's). */
  schoolYearId: idParam.optional(),
  testData: choice(TEST_DATA_MODES).default("exclude"),
  q: searchField.optional(),
  /** Default: desc when sorting by a date, asc otherwise. */
  order: choice(SORT_ORDERS).optional(),
  page: pageField.default(1),
  pageSize: pageSizeField.default(DEFAULT_PAGE_SIZE),
};

/**
 * The filters every back-office view of a year's requests shares (reports and their
 * exports, photo ZIPs, documents, medical records): school year (default the session's), test data
 * (hidden by default), statuses, level, new or re-enrollment. Each view's query schema spreads
 * these and adds its own parameters; the server applies them with `requestsWhere`
 * (modules/requests/requests.repository.ts).
 */
export const requestFilterFields = {
  schoolYearId: common.schoolYearId,
  testData: common.testData,
  status: statusListField.optional(),
  level: z.enum(LEVEL_CODES, { error: "validation.level" }).optional(),
  kind: choice(REQUEST_KINDS).optional(),
};

export const requestListQuerySchema = z.strictObject({
  ...common,
  ...requestFilterFields,
  /** Only the requests flagged for internal review (and not resolved). */
  internalReview: choice(INTERNAL_REVIEW_FILTERS)
    .transform(() => true as const)
    .optional(),
  sort: choice(REQUEST_SORTS).default("createdAt"),
});
export type RequestListQueryInput = z.input<typeof requestListQuerySchema>;
export type RequestListQuery = z.output<typeof requestListQuerySchema>;

export const representativeListQuerySchema = z.strictObject({
  ...common,
  type: choice(REPRESENTATIVE_TYPES).default("all"),
  sort: choice(REPRESENTATIVE_SORTS).default("studentName"),
});
export type RepresentativeListQueryInput = z.input<typeof representativeListQuerySchema>;
export type RepresentativeListQuery = z.output<typeof representativeListQuerySchema>;

export const requestListItemSchema = z.object({
  id: z.number(),
  code: z.string(),
  studentName: z.string(),
  studentDocument: z.string(),
  levelCode: z.enum(LEVEL_CODES).nullable(),
  isNewStudent: z.boolean(),
  requestStatus: z.enum(REQUEST_STATUSES),
  photoStatus: z.string(),
  firstRepresentativeName: z.string(),
  /** Null when the family declined a second representative. */
  secondRepresentativeName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  isTestData: z.boolean(),
  /** An internal review is requested and not resolved yet (the detail has the note). */
  internalReview: z.boolean(),
});
export type RequestListItem = z.infer<typeof requestListItemSchema>;

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });

export const requestListSchema = pageOf(requestListItemSchema);
export type RequestList = z.infer<typeof requestListSchema>;

export const representativeListItemSchema = z.object({
  /** 1 or 2: which representative of the request. */
  type: z.union([z.literal(1), z.literal(2)]),
  name: z.string(),
  documentNumber: z.string(),
  email: z.string(),
  cellPhone: z.string(),
  /** Code of the `relationships` catalogue. */
  relationship: z.string(),
  /** What the family wrote when the relationship is OTHER. */
  relationshipOther: z.string().nullable(),
  studentName: z.string(),
  requestId: z.number(),
  requestCode: z.string(),
  requestStatus: z.enum(REQUEST_STATUSES),
  /** When the request was sent (the `createdAt` sort). */
  createdAt: z.string(),
  isTestData: z.boolean(),
});
export type RepresentativeListItem = z.infer<typeof representativeListItemSchema>;

export const representativeListSchema = pageOf(representativeListItemSchema);
export type RepresentativeList = z.infer<typeof representativeListSchema>;

/**
 * GET /api/requests/codes: a request code typed in a list's search, looked up in every school year
 * (a list shows one year; the code may belong to another).
 */
export const requestCodeQuerySchema = z.strictObject({ q: searchField });
export type RequestCodeQueryInput = z.input<typeof requestCodeQuerySchema>;

export const requestCodeMatchSchema = z.object({
  id: z.number(),
  code: z.string(),
  studentName: z.string(),
  schoolYear: z.object({ id: z.number(), label: z.string() }),
});
export type RequestCodeMatch = z.infer<typeof requestCodeMatchSchema>;
export const requestCodeMatchesSchema = z.object({ items: z.array(requestCodeMatchSchema) });
export type RequestCodeMatches = z.infer<typeof requestCodeMatchesSchema>;
