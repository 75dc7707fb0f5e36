import { isRequestStatus, REQUEST_STATUSES, type RequestStatus } from "@portal/shared/request-status";
import { isLevelCode, type LevelCode } from "@portal/shared/rules/levels";
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE,
  MAX_SEARCH_LENGTH,
  PAGE_SIZES,
  type PageSize,
  REQUEST_KINDS,
  REQUEST_SORTS,
  type RequestKind,
  type RequestSort,
  SORT_ORDERS,
  type SortOrder,
  TEST_DATA_MODES,
  type TestDataMode,
} from "@portal/shared/schemas/requests";

/**
 * A request list's state, all of it in the URL query string (bookmarks, reloads, back/forward):
 * `?q=perez&level=CM2&kind=new&internalReview=1&testData=include&status=Finished,Cancelled&schoolYearId=3&sort=studentName&order=asc&page=2&pageSize=50`.
 * Only values that differ from the defaults are written; anything unreadable falls back to its
 * default instead of failing, so a hand-edited URL still opens a list.
 */
export interface ListState {
  q: string;
  level: LevelCode | null;
  kind: RequestKind | null;
  /** Only the requests whose internal review is requested and not resolved (`internalReview=1`). */
  internalReview: boolean;
  testData: TestDataMode;
  /** The list's own status filter (the all-requests list only; the others have a fixed one). */
  statuses: RequestStatus[];
  /** Null: the school year chosen at login (the server's default). */
  schoolYearId: number | null;
  sort: RequestSort;
  /** Null: the server's default for the sort (newest first for dates, A to Z otherwise). */
  order: SortOrder | null;
  page: number;
  pageSize: PageSize;
}

export const DEFAULT_LIST_STATE: ListState = {
  q: "",
  level: null,
  kind: null,
  internalReview: false,
  testData: "exclude",
  statuses: [],
  schoolYearId: null,
  sort: "createdAt",
  order: null,
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

/** Sorts whose default order is newest first (every list's date columns). */
const DATE_SORTS: readonly string[] = ["createdAt", "updatedAt"];

/** `value` if it is one of `values`, else null. */
export function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

function positiveInt(value: string | null, max: number): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 && number <= max ? number : null;
}

/**
 * What every staff list keeps in its URL besides its own filters (the representatives lists have
 * nothing else): search, test data, school year, order, page and page size.
 */
export interface CommonListState {
  q: string;
  testData: TestDataMode;
  schoolYearId: number | null;
  order: SortOrder | null;
  page: number;
  pageSize: PageSize;
}

export function parseCommonState(params: URLSearchParams): CommonListState {
  const pageSize = Number(params.get("pageSize"));
  return {
    q: (params.get("q") ?? "").slice(0, MAX_SEARCH_LENGTH),
    testData: oneOf(TEST_DATA_MODES, params.get("testData")) ?? DEFAULT_LIST_STATE.testData,
    schoolYearId: positiveInt(params.get("schoolYearId"), 2_147_483_647),
    order: oneOf(SORT_ORDERS, params.get("order")),
    page: positiveInt(params.get("page"), MAX_PAGE) ?? 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? (pageSize as PageSize) : DEFAULT_PAGE_SIZE,
  };
}

/** Writes the common part from `schoolYearId` on (after the list's own filters), defaults left out. */
function writeCommonTail(params: URLSearchParams, state: CommonListState & { sort: string }, defaultSort: string) {
  if (state.schoolYearId !== null) params.set("schoolYearId", String(state.schoolYearId));
  if (state.sort !== defaultSort) params.set("sort", state.sort);
  if (state.order !== null && state.order !== defaultOrder(state.sort)) params.set("order", state.order);
  if (state.page > 1) params.set("page", String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set("pageSize", String(state.pageSize));
}

/**
 * The URL query of a list whose only filters are the common ones (the representatives lists):
 * `q`, `testData`, then the common tail.
 */
export function writeCommonState(state: CommonListState & { sort: string }, defaultSort: string): URLSearchParams {
  const params = new URLSearchParams();
  const q = state.q.trim();
  if (q) params.set("q", q);
  if (state.testData !== DEFAULT_LIST_STATE.testData) params.set("testData", state.testData);
  writeCommonTail(params, state, defaultSort);
  return params;
}

/** The API query's common part (every value explicit, in the server's names). */
export function commonApiQuery(params: URLSearchParams, state: CommonListState & { sort: string }): void {
  params.set("testData", state.testData);
  if (state.schoolYearId !== null) params.set("schoolYearId", String(state.schoolYearId));
  params.set("sort", state.sort);
  params.set("order", effectiveOrder(state));
  params.set("page", String(state.page));
  params.set("pageSize", String(state.pageSize));
}

export function parseListState(params: URLSearchParams): ListState {
  const statuses = (params.get("status") ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(isRequestStatus);
  const level = params.get("level");
  const common = parseCommonState(params);
  return {
    q: common.q,
    level: isLevelCode(level) ? level : null,
    kind: oneOf(REQUEST_KINDS, params.get("kind")),
    internalReview: params.get("internalReview") === "1",
    testData: common.testData,
    // In the workflow's order, without repeats, whatever order the URL had.
    statuses: REQUEST_STATUSES.filter((status) => statuses.includes(status)),
    schoolYearId: common.schoolYearId,
    sort: oneOf(REQUEST_SORTS, params.get("sort")) ?? DEFAULT_LIST_STATE.sort,
    order: common.order,
    page: common.page,
    pageSize: common.pageSize,
  };
}

/** The URL query of a state: only what differs from the defaults, always in the same order. */
export function writeListState(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  const q = state.q.trim();
  if (q) params.set("q", q);
  if (state.level) params.set("level", state.level);
  if (state.kind) params.set("kind", state.kind);
  if (state.internalReview) params.set("internalReview", "1");
  if (state.testData !== DEFAULT_LIST_STATE.testData) params.set("testData", state.testData);
  if (state.statuses.length > 0) params.set("status", state.statuses.join(","));
  writeCommonTail(params, state, DEFAULT_LIST_STATE.sort);
  return params;
}

/** Dates newest first, everything else A to Z (the server's defaults too). */
export function defaultOrder(sort: string): SortOrder {
  return DATE_SORTS.includes(sort) ? "desc" : "asc";
}

/** The order the list is really sorted in. */
export function effectiveOrder(state: { sort: string; order: SortOrder | null }): SortOrder {
  return state.order ?? defaultOrder(state.sort);
}

/** Clicking a column header: the same column flips the order, another starts at its default. */
export function sortBy<T extends { sort: string; order: SortOrder | null; page: number }>(
  state: T,
  sort: NoInfer<T["sort"]>,
): T {
  const order: SortOrder =
    state.sort === sort ? (effectiveOrder(state) === "asc" ? "desc" : "asc") : defaultOrder(sort);
  return { ...state, sort, order: order === defaultOrder(sort) ? null : order, page: 1 };
}

/** Whether the user narrowed the list (what "clear filters" undoes; sorting and paging stay). */
export function hasFilters(state: ListState): boolean {
  return (
    state.q.trim() !== "" ||
    state.level !== null ||
    state.kind !== null ||
    state.internalReview ||
    state.testData !== DEFAULT_LIST_STATE.testData ||
    state.statuses.length > 0 ||
    state.schoolYearId !== null
  );
}

/** How many filters besides the search are set (the phone's "More filters" button says it). */
export function activeFilterCount(state: ListState): number {
  return [
    state.level !== null,
    state.kind !== null,
    state.internalReview,
    state.testData !== DEFAULT_LIST_STATE.testData,
    state.statuses.length > 0,
    state.schoolYearId !== null,
  ].filter(Boolean).length;
}

export function clearFilters(state: ListState): ListState {
  return { ...DEFAULT_LIST_STATE, sort: state.sort, order: state.order, pageSize: state.pageSize };
}

/**
 * The query string of GET /api/requests for a list: its fixed statuses (or, for the all-requests
 * list, the user's status filter), then the state. Every value is one the server accepts.
 */
export function toApiQuery(state: ListState, fixedStatuses: readonly RequestStatus[] | null): URLSearchParams {
  const params = new URLSearchParams();
  const statuses = fixedStatuses ?? state.statuses;
  if (statuses.length > 0) params.set("status", statuses.join(","));
  const q = state.q.trim();
  if (q) params.set("q", q);
  if (state.level) params.set("level", state.level);
  if (state.kind) params.set("kind", state.kind);
  if (state.internalReview) params.set("internalReview", "1");
  commonApiQuery(params, state);
  return params;
}

/** The numbers of the first and last rows shown ("26–50 of 240"); 0 and 0 when none is. */
export function pageRange(
  page: number,
  pageSize: number,
  shown: number,
  total: number,
): { first: number; last: number; total: number } {
  if (shown === 0) return { first: 0, last: 0, total };
  const first = (page - 1) * pageSize + 1;
  return { first, last: first + shown - 1, total };
}

/** Pages needed for `total` rows (at least 1, so the pager always shows). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
