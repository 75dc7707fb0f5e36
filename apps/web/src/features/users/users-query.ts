import { ROLES, type Role } from "@portal/shared/roles";
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE,
  MAX_SEARCH_LENGTH,
  PAGE_SIZES,
  type PageSize,
  SORT_ORDERS,
  type SortOrder,
} from "@portal/shared/schemas/requests";
import { USER_SORTS, USER_STATES, type UserSort, type UserState } from "@portal/shared/schemas/users";

/**
 * The accounts list's state, all of it in the URL (bookmarks, reloads, back/forward):
 * `?q=perez&role=Secretaria&state=inactive&sort=lastLogin&order=asc&page=2&pageSize=50`. Only
 * values that differ from the defaults are written; anything unreadable falls back to its default.
 */
export interface UsersListState {
  q: string;
  role: Role | null;
  state: UserState | null;
  sort: UserSort;
  /** Null: the server's default (newest first for dates, A to Z otherwise). */
  order: SortOrder | null;
  page: number;
  pageSize: PageSize;
}

export const DEFAULT_USERS_STATE: UsersListState = {
  q: "",
  role: null,
  state: null,
  sort: "name",
  order: null,
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

export function parseUsersState(params: URLSearchParams): UsersListState {
  const page = Number(params.get("page"));
  const pageSize = Number(params.get("pageSize"));
  return {
    q: (params.get("q") ?? "").slice(0, MAX_SEARCH_LENGTH),
    role: oneOf(ROLES, params.get("role")),
    state: oneOf(USER_STATES, params.get("state")),
    sort: oneOf(USER_SORTS, params.get("sort")) ?? DEFAULT_USERS_STATE.sort,
    order: oneOf(SORT_ORDERS, params.get("order")),
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? (pageSize as PageSize) : DEFAULT_PAGE_SIZE,
  };
}

/** The URL query (and, the same, the API's): defaults left out. */
export function writeUsersState(state: UsersListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set("q", state.q.trim());
  if (state.role) params.set("role", state.role);
  if (state.state) params.set("state", state.state);
  if (state.sort !== DEFAULT_USERS_STATE.sort) params.set("sort", state.sort);
  if (state.order) params.set("order", state.order);
  if (state.page !== 1) params.set("page", String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set("pageSize", String(state.pageSize));
  return params;
}

const DATE_SORTS: readonly UserSort[] = ["lastLogin", "createdAt"];

export function effectiveOrder(state: Pick<UsersListState, "sort" | "order">): SortOrder {
  return state.order ?? (DATE_SORTS.includes(state.sort) ? "desc" : "asc");
}

/** Sorting by the shown column flips its order; another column starts at its default, on page 1. */
export function sortUsersBy(state: UsersListState, sort: UserSort): UsersListState {
  if (state.sort !== sort) return { ...state, sort, order: null, page: 1 };
  return { ...state, order: effectiveOrder(state) === "asc" ? "desc" : "asc", page: 1 };
}

export function hasUsersFilters(state: UsersListState): boolean {
  return state.q.trim() !== "" || state.role !== null || state.state !== null;
}
