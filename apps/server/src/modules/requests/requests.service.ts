import { asRequestStatus } from "@portal/shared/request-status";
import { isLevelCode } from "@portal/shared/rules/levels";
import {
  type RepresentativeList,
  type RepresentativeListQuery,
  type RequestList,
  type RequestListQuery,
  requestListSchema,
  type SortOrder,
} from "@portal/shared/schemas/requests";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/database.ts";
import { listVersion } from "./list-version.ts";
import { parseStepData } from "./request-columns.ts";
import {
  countRepresentatives,
  countRequests,
  findRepresentativeSteps,
  findRepresentativesPage,
  findRequestSenders,
  findRequestsPage,
  type RequestFilter,
} from "./requests.repository.ts";
import { searchWords } from "./search-text.ts";

/*
 * What the lists read is cached under the version that database triggers bump on every insert,
 * update or delete of a request (migration 0004). The version is read again after any write
 * transaction this process commits (every change to a request is one), and for changes made
 * elsewhere when notified (PostgreSQL) or at least once a second (list-version.ts), so a cached
 * entry is only used while no request has changed since it was read (docs/rules/staff-workflow.md "Request lists"). It is
 * read before the data: a change committed in between leaves an entry filed under the old
 * version, which nobody asks for again.
 *
 * - Totals (both lists): counting 100,000 rows costs several milliseconds; the version a fraction.
 * - Request pages: everything a request list row shows comes from `requests`, so a page is as
 *   fresh as the version; it is kept as the JSON text sent (the list is the staff's busiest call). (Representative pages also read step JSON, which changes without a
 *   request changing: they are never cached.)
 */

/** Bounds of the cache: totals are numbers; a page is at most 100 rows (about 50 KB). */
const MAX_TOTALS = 500;
const MAX_PAGES = 200;

interface ListCache {
  version: number;
  totals: Map<string, number>;
  /** A request list's answer as the JSON text sent: a repeated call is not serialized again. */
  bodies: Map<string, string>;
}

const cacheByDb = new WeakMap<Db, ListCache>();

/** The cache for the current version (emptied when the version has moved). */
async function currentCache(db: Db): Promise<ListCache> {
  const version = await listVersion(db);
  let cache = cacheByDb.get(db);
  if (!cache || cache.version !== version) {
    cache = { version, totals: new Map(), bodies: new Map() };
    cacheByDb.set(db, cache);
  }
  return cache;
}

async function remember<T>(map: Map<string, T>, max: number, key: string, read: () => Promise<T>): Promise<T> {
  const hit = map.get(key);
  if (hit !== undefined) return hit;
  const value = await read();
  map.set(key, value);
  if (map.size > max) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
  return value;
}

const DATE_SORTS: readonly string[] = ["createdAt", "updatedAt"];

/** Dates newest first, everything else A to Z, unless the caller says otherwise. */
function orderFor(sort: string, order: SortOrder | undefined): SortOrder {
  return order ?? (DATE_SORTS.includes(sort) ? "desc" : "asc");
}

function filterOf(
  schoolYearId: number,
  query: Pick<RequestListQuery, "testData" | "q"> &
    Partial<Pick<RequestListQuery, "status" | "level" | "kind" | "internalReview">>,
): RequestFilter {
  return {
    schoolYearId,
    testData: query.testData,
    statuses: query.status ? [...query.status].sort() : undefined,
    level: query.level,
    kind: query.kind,
    internalReview: query.internalReview,
    words: searchWords(query.q),
  };
}

type RequestRow = Awaited<ReturnType<typeof findRequestsPage>>[number];

function toItem(row: RequestRow): RequestList["items"][number] {
  return {
    id: row.id,
    code: row.code,
    studentName: row.student_name,
    studentDocument: row.student_document,
    levelCode: isLevelCode(row.level_code) ? row.level_code : null,
    isNewStudent: row.is_new_student === 1,
    requestStatus: asRequestStatus(row.request_status),
    photoStatus: row.photo_status,
    firstRepresentativeName: row.first_representative_name,
    secondRepresentativeName: row.second_representative_name === "" ? null : row.second_representative_name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    isTestData: row.is_test_data === 1,
    internalReview: row.internal_review === 1,
  };
}

/**
 * GET /api/requests: one page of the school year's requests, with the total for the filter, as the
 * JSON text to send. Checked against the answer's schema (undeclared fields stripped) when first
 * built; the same page asked again under the same version is the same text, sent as it is.
 */
export async function listRequestsJson(
  ctx: AppContext,
  sessionSchoolYearId: number,
  query: RequestListQuery,
): Promise<string> {
  const filter = filterOf(query.schoolYearId ?? sessionSchoolYearId, query);
  const order = orderFor(query.sort, query.order);
  const window = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
  const key = JSON.stringify(filter);
  const cache = await currentCache(ctx.db);
  return remember(
    cache.bodies,
    MAX_PAGES,
    `${query.sort}:${order}:${window.offset}:${window.limit}:${key}`,
    async () => {
      const [total, rows] = await Promise.all([
        remember(cache.totals, MAX_TOTALS, `requests:${key}`, () => countRequests(ctx.db, filter)),
        findRequestsPage(ctx.db, filter, { by: query.sort, order }, window),
      ]);
      const list: RequestList = { items: rows.map(toItem), total, page: query.page, pageSize: query.pageSize };
      return JSON.stringify(requestListSchema.parse(list));
    },
  );
}

/**
 * The accounts that sent the requests a request list shows with these filters (the whole filtered
 * set, not a page): the audience of a message to the list's families (docs/rules/messages.md).
 */
export function requestListSenders(
  ctx: AppContext,
  sessionSchoolYearId: number,
  filters: Pick<RequestListQuery, "testData" | "q" | "schoolYearId" | "status" | "level" | "kind" | "internalReview">,
): Promise<number[]> {
  return findRequestSenders(ctx.db, filterOf(filters.schoolYearId ?? sessionSchoolYearId, filters));
}

const str = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * GET /api/representatives: one row per representative of the year's requests (a declined second
 * representative has none), with the contact details read from the page's representative steps.
 */
export async function listRepresentatives(
  ctx: AppContext,
  sessionSchoolYearId: number,
  query: RepresentativeListQuery,
): Promise<RepresentativeList> {
  const filter = filterOf(query.schoolYearId ?? sessionSchoolYearId, query);
  const types: (1 | 2)[] = query.type === "all" ? [1, 2] : [Number(query.type) as 1 | 2];
  const order = orderFor(query.sort, query.order);
  const window = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
  const cache = await currentCache(ctx.db);
  const [total, rows] = await Promise.all([
    remember(cache.totals, MAX_TOTALS, `representatives:${types.join()}:${JSON.stringify(filter)}`, () =>
      countRepresentatives(ctx.db, filter, types),
    ),
    findRepresentativesPage(ctx.db, filter, types, { by: query.sort, order }, window),
  ]);
  const steps = await findRepresentativeSteps(ctx.db, [...new Set(rows.map((row) => row.file_id))]);
  return {
    items: rows.map((row) => {
      const type = Number(row.representative_type) === 2 ? 2 : 1;
      const step = type === 1 ? "firstRepresentative" : "secondRepresentative";
      const data = parseStepData(steps.find((s) => s.file_id === row.file_id && s.step === step)?.data);
      const other = str(data.relationshipOther);
      return {
        type,
        name: row.name,
        documentNumber: row.document_number,
        email: str(data.email),
        cellPhone: str(data.cellPhone),
        relationship: str(data.relationshipStudentCode),
        relationshipOther: other === "" ? null : other,
        studentName: row.student_name,
        requestId: row.request_id,
        requestCode: row.code,
        requestStatus: asRequestStatus(row.request_status),
        createdAt: row.created_at,
        isTestData: Number(row.is_test_data) === 1,
      };
    }),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}
