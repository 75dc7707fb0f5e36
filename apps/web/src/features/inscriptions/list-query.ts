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
 * `?q=perez&level=CM2&kind=new&testData=include&status=Finished,Cancelled&schoolYearId=3&sort=studentName&order=asc&page=2&pageSize=50`.
 * Only values that differ from the defaults are written; anything unreadable falls back to its
 * default instead of failing, so a hand-edited URL still opens a list.
 */
export interface ListState {
  q: string;
  level: LevelCode | null;
  kind: RequestKind | null;
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
  testData: "exclude",
  statuses: [],
  schoolYearId: null,
  sort: "createdAt",
  order: null,
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

const DATE_SORTS: readonly RequestSort[] = ["createdAt", "updatedAt"];

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

function positiveInt(value: string | null, max: number): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 && number <= max ? number : null;
}

export function parseListState(params: URLSearchParams): ListState {
  const pageSize = Number(params.get("pageSize"));
  const statuses = (params.get("status") ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(isRequestStatus);
  const level = params.get("level");
  return {
    q: (params.get("q") ?? "").slice(0, MAX_SEARCH_LENGTH),
    level: isLevelCode(level) ? level : null,
    kind: oneOf(REQUEST_KINDS, params.get("kind")),
    testData: oneOf(TEST_DATA_MODES, params.get("testData")) ?? DEFAULT_LIST_STATE.testData,
    // In the workflow's order, without repeats, whatever order the URL had.
    statuses: REQUEST_STATUSES.filter((status) => statuses.includes(status)),
    schoolYearId: positiveInt(params.get("schoolYearId"), 2_147_483_647),
    sort: oneOf(REQUEST_SORTS, params.get("sort")) ?? DEFAULT_LIST_STATE.sort,
    order: oneOf(SORT_ORDERS, params.get("order")),
    page: positiveInt(params.get("page"), MAX_PAGE) ?? 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? (pageSize as PageSize) : DEFAULT_PAGE_SIZE,
  };
}

/** The URL query of a state: only what differs from the defaults, always in the same order. */
export function writeListState(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  const q = state.q.trim();
  if (q) params.set("q", q);
  if (state.level) params.set("level", state.level);
  if (state.kind) params.set("kind", state.kind);
  if (state.testData !== DEFAULT_LIST_STATE.testData) params.set("testData", state.testData);
  if (state.statuses.length > 0) params.set("status", state.statuses.join(","));
  if (state.schoolYearId !== null) params.set("schoolYearId", String(state.schoolYearId));
  if (state.sort !== DEFAULT_LIST_STATE.sort) params.set("sort", state.sort);
  if (state.order !== null && state.order !== defaultOrder(state.sort)) params.set("order", state.order);
  if (state.page > 1) params.set("page", String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set("pageSize", String(state.pageSize));
  return params;
}

export function defaultOrder(sort: RequestSort): SortOrder {
  return DATE_SORTS.includes(sort) ? "desc" : "asc";
}

/** The order the list is really sorted in. */
export function effectiveOrder(state: Pick<ListState, "sort" | "order">): SortOrder {
  return state.order ?? defaultOrder(state.sort);
}

/** Clicking a column header: the same column flips the order, another starts at its default. */
export function sortBy(state: ListState, sort: RequestSort): ListState {
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
    state.testData !== DEFAULT_LIST_STATE.testData ||
    state.statuses.length > 0 ||
    state.schoolYearId !== null
  );
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
  params.set("testData", state.testData);
  if (state.schoolYearId !== null) params.set("schoolYearId", String(state.schoolYearId));
  params.set("sort", state.sort);
  params.set("order", effectiveOrder(state));
  params.set("page", String(state.page));
  params.set("pageSize", String(state.pageSize));
  return params;
}

/** Pages needed for `total` rows (at least 1, so the pager always shows). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
