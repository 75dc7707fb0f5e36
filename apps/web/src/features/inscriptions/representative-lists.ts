import {
  REPRESENTATIVE_SORTS,
  type RepresentativeSort,
  type RepresentativeType,
} from "@portal/shared/schemas/requests";
import { fullPathOf } from "../../lib/match-route.ts";
import { type CommonListState, commonApiQuery, oneOf, parseCommonState, writeCommonState } from "./list-query.ts";
import { parseInAppUrl, parseOrigin } from "./request-lists.ts";

/**
 * The staff's representatives lists under /portal/dashboards/inscriptions (spec 2: "all legal
 * representatives, first and second representatives"): one screen, each route with its fixed
 * representative type (GET /api/representatives `type`).
 */
export const REPRESENTATIVE_LISTS = {
  "inscriptions.legalRepresentatives": "all",
  "inscriptions.firstRepresentatives": "1",
  "inscriptions.secondRepresentatives": "2",
} as const satisfies Record<string, RepresentativeType>;

export type RepresentativeListId = keyof typeof REPRESENTATIVE_LISTS;

export const REPRESENTATIVE_LIST_IDS = Object.keys(REPRESENTATIVE_LISTS) as RepresentativeListId[];

export function representativeListPath(id: RepresentativeListId): string {
  return fullPathOf(id);
}

export function representativeListType(id: RepresentativeListId): RepresentativeType {
  return REPRESENTATIVE_LISTS[id];
}

/**
 * A representatives list's state, all of it in the URL like the request lists':
 * `?q=loor&testData=include&schoolYearId=3&sort=name&order=desc&page=2&pageSize=50`. Only values
 * that differ from the defaults are written; anything unreadable falls back to its default.
 */
export interface RepresentativeListState extends CommonListState {
  sort: RepresentativeSort;
}

export const DEFAULT_REPRESENTATIVE_SORT: RepresentativeSort = "name";

export function parseRepresentativeState(params: URLSearchParams): RepresentativeListState {
  return {
    ...parseCommonState(params),
    sort: oneOf(REPRESENTATIVE_SORTS, params.get("sort")) ?? DEFAULT_REPRESENTATIVE_SORT,
  };
}

export function writeRepresentativeState(state: RepresentativeListState): URLSearchParams {
  return writeCommonState(state, DEFAULT_REPRESENTATIVE_SORT);
}

/** Whether the user narrowed the list (search, test data, another school year). */
export function hasRepresentativeFilters(state: RepresentativeListState): boolean {
  return state.q.trim() !== "" || state.testData !== "exclude" || state.schoolYearId !== null;
}

export function clearRepresentativeFilters(state: RepresentativeListState): RepresentativeListState {
  return {
    ...parseRepresentativeState(new URLSearchParams()),
    sort: state.sort,
    order: state.order,
    pageSize: state.pageSize,
  };
}

/** The query string of GET /api/representatives: the list's fixed type, then the state. */
export function toRepresentativeApiQuery(state: RepresentativeListState, type: RepresentativeType): URLSearchParams {
  const params = new URLSearchParams();
  params.set("type", type);
  const q = state.q.trim();
  if (q) params.set("q", q);
  commonApiQuery(params, state);
  return params;
}

/**
 * The representatives list a request detail was opened from (`?from=`), as a path and query of
 * this app, or null for anything else: "back to the list" goes there (previous/next walk request
 * lists only).
 */
export function parseRepresentativeOrigin(value: string | null): string | null {
  const url = parseInAppUrl(value);
  if (!url) return null;
  const path = url.pathname.replace(/\/+$/, "");
  const id = REPRESENTATIVE_LIST_IDS.find((candidate) => representativeListPath(candidate) === path);
  return id ? `${representativeListPath(id)}${url.search}` : null;
}

/**
 * The list a request page was opened from (`?from=`), a request list or a representatives list,
 * as the path to go back to; null for anything else (never another site or screen).
 */
export function listOriginHref(value: string | null): string | null {
  return parseOrigin(value)?.href ?? parseRepresentativeOrigin(value);
}
