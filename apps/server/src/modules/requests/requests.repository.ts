import { REQUEST_STATUSES } from "@portal/shared/request-status";
import { LEVEL_CODES } from "@portal/shared/rules/levels";
import type {
  RepresentativeSort,
  RequestKind,
  RequestSort,
  SortOrder,
  TestDataMode,
} from "@portal/shared/schemas/requests";
import { type ExpressionBuilder, type RawBuilder, type SelectQueryBuilder, sql } from "kysely";
import type { Db } from "../../db/database.ts";
import type { Database } from "../../db/types.ts";
import { escapeLike, FIRST_REPRESENTATIVE_MARK, SECOND_REPRESENTATIVE_MARK } from "./search-text.ts";

/** What narrows a list; pagination and order apart (the totals are cached per filter). */
export interface RequestFilter {
  schoolYearId: number;
  testData: TestDataMode;
  statuses?: readonly string[];
  level?: string;
  kind?: RequestKind;
  /** Only the requests whose internal review is requested and not resolved (request lists). */
  internalReview?: boolean;
  /** Normalised words (search-text.ts); each must appear. */
  words: readonly string[];
}

export interface PageWindow {
  limit: number;
  offset: number;
}

type RequestsQuery<O> = SelectQueryBuilder<Database, "requests", O>;
type Eb = ExpressionBuilder<Database, "requests">;

const like = (pattern: string) => sql<boolean>`search_text like ${pattern} escape '\\'`;

/**
 * `internal_review = 1` as a literal, never a bound parameter: only then can SQLite and PostgreSQL
 * (whose generic plans do not look at parameter values) use the partial index of migration 0007.
 */
const flaggedForReview = sql<boolean>`requests.internal_review = 1`;

/** The conditions shared by both lists: school year, test data, status, level, kind, internal review. */
function narrowed<O>(query: RequestsQuery<O>, filter: Omit<RequestFilter, "words">): RequestsQuery<O> {
  let q = query.where("requests.school_year_id", "=", filter.schoolYearId);
  if (filter.testData === "exclude") q = q.where("requests.is_test_data", "=", 0);
  if (filter.testData === "only") q = q.where("requests.is_test_data", "=", 1);
  if (filter.statuses?.length) q = q.where("requests.request_status", "in", [...filter.statuses]);
  if (filter.level) q = q.where("requests.level_code", "=", filter.level);
  if (filter.kind) q = q.where("requests.is_new_student", "=", filter.kind === "new" ? 1 : 0);
  if (filter.internalReview) q = q.where(flaggedForReview);
  return q;
}

/**
 * The request's code in lower case, for the search: "INS-2025-000042" is printed on every PDF and
 * e-mail, and staff type it whole or in part. The query's words are normalised the same
 * way as the names (punctuation as spaces), so "ins-2025-000042" gives three words, each in the code.
 */
const codeLike = (pattern: string) => sql<boolean>`lower(requests.code) like ${pattern} escape '\\'`;

/**
 * Request lists: each word anywhere in the student's or a representative's names and documents, or
 * in the request's code.
 */
export function requestsWhere<O>(query: RequestsQuery<O>, filter: RequestFilter): RequestsQuery<O> {
  let q = narrowed(query, filter);
  for (const word of filter.words) {
    const pattern = `%${escapeLike(word)}%`;
    q = q.where((eb) => eb.or([like(pattern), codeLike(pattern)]));
  }
  return q;
}

/**
 * The family accounts that sent the requests a list's filter keeps, each once: who a message to
 * the list's families reaches (modules/messages).
 */
export async function findRequestSenders(db: Db, filter: RequestFilter): Promise<number[]> {
  const rows = await requestsWhere(db.selectFrom("requests").select("requests.user_id").distinct(), filter).execute();
  return rows.map((row) => Number(row.user_id));
}

/**
 * Representatives lists: each word in the student's segment of `search_text` or in this
 * representative's own (`<student> | <first> # <second>`; words are letters and digits only).
 */
function representativeWhere<O>(query: RequestsQuery<O>, filter: RequestFilter, type: 1 | 2): RequestsQuery<O> {
  let q = narrowed(query, filter).where(
    type === 1 ? "requests.first_representative_name" : "requests.second_representative_name",
    "<>",
    "",
  );
  for (const word of filter.words) {
    const w = escapeLike(word);
    q =
      type === 1
        ? q.where(like(`%${w}%${SECOND_REPRESENTATIVE_MARK}%`))
        : q.where((eb: Eb) =>
            eb.or([like(`%${w}%${FIRST_REPRESENTATIVE_MARK}%`), like(`%${SECOND_REPRESENTATIVE_MARK}%${w}%`)]),
          );
  }
  return q;
}

/** Rank of a code in a fixed order (levels, the workflow's statuses): a CASE of literals. */
function rankOf(column: string, codes: readonly string[]): RawBuilder<number> {
  const whens = codes.map((code, index) => sql`when ${sql.lit(code)} then ${sql.lit(index)}`);
  return sql<number>`(case ${sql.ref(column)} ${sql.join(whens, sql` `)} else ${sql.lit(codes.length)} end)`;
}

export function requestSortExpression(sort: RequestSort) {
  switch (sort) {
    case "createdAt":
      return sql.ref("requests.created_at");
    case "updatedAt":
      return sql.ref("requests.updated_at");
    case "studentName":
      return sql.ref("requests.student_sort_name");
    case "code":
      return sql.ref("requests.code");
    case "level":
      return rankOf("requests.level_code", LEVEL_CODES);
    case "status":
      return rankOf("requests.request_status", REQUEST_STATUSES);
  }
}

const LIST_COLUMNS = [
  "requests.id",
  "requests.code",
  "requests.student_name",
  "requests.student_document",
  "requests.level_code",
  "requests.is_new_student",
  "requests.request_status",
  "requests.photo_status",
  "requests.first_representative_name",
  "requests.second_representative_name",
  "requests.created_at",
  "requests.updated_at",
  "requests.is_test_data",
  "requests.internal_review",
] as const;

/** One page of requests; the id breaks ties so a page never repeats or skips a row. */
export function findRequestsPage(
  db: Db,
  filter: RequestFilter,
  sort: { by: RequestSort; order: SortOrder },
  window: PageWindow,
) {
  return requestsWhere(db.selectFrom("requests").select(LIST_COLUMNS), filter)
    .orderBy(requestSortExpression(sort.by), sort.order)
    .orderBy("requests.id", sort.order)
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

export async function countRequests(db: Db, filter: RequestFilter): Promise<number> {
  const row = await requestsWhere(
    db.selectFrom("requests").select((eb) => eb.fn.countAll().as("n")),
    filter,
  )
    .$castTo<{ n: number | string | bigint }>()
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const versionQuery = (db: Db) => db.selectFrom("request_list_version").select("version").where("id", "=", 1).compile();
const compiledVersionQuery = new WeakMap<Db, ReturnType<typeof versionQuery>>();

/**
 * The version the triggers bump on every change to `requests` (0 before the first change). Read
 * on every list call, so compiled once per database.
 */
export async function requestListVersion(db: Db): Promise<number> {
  let query = compiledVersionQuery.get(db);
  if (!query) {
    query = versionQuery(db);
    compiledVersionQuery.set(db, query);
  }
  const { rows } = await db.executeQuery(query);
  return Number(rows[0]?.version ?? 0);
}

function representativeRows(db: Db, filter: RequestFilter, type: 1 | 2) {
  const prefix = type === 1 ? "first" : "second";
  return representativeWhere(
    db
      .selectFrom("requests")
      .select([
        "requests.id as request_id",
        "requests.code",
        "requests.file_id",
        "requests.student_name",
        "requests.student_sort_name",
        "requests.request_status",
        "requests.is_test_data",
        "requests.created_at",
        sql<number>`${sql.lit(type)}`.as("representative_type"),
        sql.ref<string>(`requests.${prefix}_representative_name`).as("name"),
        sql.ref<string>(`requests.${prefix}_representative_document`).as("document_number"),
        sql.ref<string>(`requests.${prefix}_representative_sort_name`).as("sort_name"),
      ]),
    filter,
    type,
  );
}

const REPRESENTATIVE_SORT_COLUMN = {
  studentName: "student_sort_name",
  name: "sort_name",
  code: "code",
  createdAt: "created_at",
} as const satisfies Record<RepresentativeSort, string>;

/** One page of representatives (one row per representative of a request), request then type as tie-breaks. */
function sortedRepresentatives(
  db: Db,
  filter: RequestFilter,
  types: readonly (1 | 2)[],
  sort: { by: RepresentativeSort; order: SortOrder },
) {
  const [first, ...rest] = types.map((type) => representativeRows(db, filter, type));
  if (!first) return undefined;
  const union = rest.reduce((all, next) => all.unionAll(next), first);
  return db
    .selectFrom(union.as("reps"))
    .orderBy(sql.ref(`reps.${REPRESENTATIVE_SORT_COLUMN[sort.by]}`), sort.order)
    .orderBy("reps.request_id", sort.order)
    .orderBy("reps.representative_type", "asc");
}

export function findRepresentativesPage(
  db: Db,
  filter: RequestFilter,
  types: readonly (1 | 2)[],
  sort: { by: RepresentativeSort; order: SortOrder },
  window: PageWindow,
) {
  const sorted = sortedRepresentatives(db, filter, types, sort);
  if (!sorted) return Promise.resolve([]);
  return sorted.selectAll().limit(window.limit).offset(window.offset).execute();
}

/** Every filtered representative's key, in the list's order (an export reads them once). */
export async function findRepresentativeKeys(
  db: Db,
  filter: RequestFilter,
  types: readonly (1 | 2)[],
  sort: { by: RepresentativeSort; order: SortOrder },
): Promise<{ request_id: number; representative_type: number }[]> {
  const sorted = sortedRepresentatives(db, filter, types, sort);
  if (!sorted) return [];
  const rows = await sorted.select(["reps.request_id", "reps.representative_type"]).execute();
  return rows.map((row) => ({
    request_id: Number(row.request_id),
    representative_type: Number(row.representative_type),
  }));
}

export async function countRepresentatives(db: Db, filter: RequestFilter, types: readonly (1 | 2)[]): Promise<number> {
  let total = 0;
  for (const type of types) {
    const row = await representativeWhere(
      db.selectFrom("requests").select((eb) => eb.fn.countAll().as("n")),
      filter,
      type,
    )
      .$castTo<{ n: number | string | bigint }>()
      .executeTakeFirstOrThrow();
    total += Number(row.n);
  }
  return total;
}

/** The representative steps of some files (the contact details the list columns do not hold). */
export function findRepresentativeSteps(db: Db, fileIds: readonly number[]) {
  if (fileIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("enrollment_steps")
    .select(["file_id", "step", "data"])
    .where("file_id", "in", [...fileIds])
    .where("step", "in", ["firstRepresentative", "secondRepresentative"])
    .execute();
}
