import { REQUEST_STATUSES, type RequestStatus } from "@portal/shared/request-status";
import type { Role } from "@portal/shared/roles";
import { ALL_ROUTES, decideAccess } from "@portal/shared/route-access";
import type { LevelCode } from "@portal/shared/rules/levels";
import type { RequestKind, TestDataMode } from "@portal/shared/schemas/requests";
import { findRoute } from "../../lib/match-route.ts";
import { DEFAULT_LIST_STATE, writeListState } from "../inscriptions/list-query.ts";
import { listPath, listStatuses, REQUEST_LIST_IDS, type RequestListId } from "../inscriptions/request-lists.ts";

/**
 * Where each dashboard figure leads: the request list that holds exactly the requests it counts,
 * with the filters in the URL written by the lists' own `writeListState` (docs/web.md).
 */
export interface FigureFilter {
  /** Omitted (or every status): no status filter. */
  statuses?: readonly RequestStatus[];
  level?: LevelCode;
  kind?: RequestKind;
  testData: TestDataMode;
}

const withQuery = (path: string, params: URLSearchParams) => {
  const search = params.toString();
  return search ? `${path}?${search}` : path;
};

function sameStatuses(a: readonly RequestStatus[] | null, b: readonly RequestStatus[]): boolean {
  return a !== null && a.length === b.length && b.every((status) => a.includes(status));
}

/**
 * The list for some statuses: the list whose fixed statuses are exactly these (Accepted →
 * accepted-request, Untreated + Restored → without-treating), else the all-requests list with its
 * status filter (Untreated alone → all-request?status=Untreated). Level, kind and test data
 * become the list's filters.
 */
export function requestListHref(filter: FigureFilter): string {
  const wanted = REQUEST_STATUSES.filter((status) => filter.statuses?.includes(status));
  const everyStatus = wanted.length === 0 || wanted.length === REQUEST_STATUSES.length;
  const fixed = everyStatus ? undefined : REQUEST_LIST_IDS.find((id) => sameStatuses(listStatuses(id), wanted));
  const listId: RequestListId = fixed ?? "inscriptions.allRequest";
  const params = writeListState({
    ...DEFAULT_LIST_STATE,
    statuses: fixed || everyStatus ? [] : wanted,
    level: filter.level ?? null,
    kind: filter.kind ?? null,
    testData: filter.testData,
  });
  return withQuery(listPath(listId), params);
}

/** The photo review grid showing the photos awaiting review (`?photoStatus=pending`). */
export function pendingPhotosHref(testData: TestDataMode): string {
  const route = ALL_ROUTES.find((candidate) => candidate.id === "inscriptions.photos");
  if (!route) throw new Error("Unknown route inscriptions.photos");
  const params = new URLSearchParams({ photoStatus: "pending" });
  if (testData !== DEFAULT_LIST_STATE.testData) params.set("testData", testData);
  return withQuery(route.fullPath, params);
}

/**
 * Whether a role may open an in-app link, by the route table's guard: Editor sees the dashboard
 * but none of the inscriptions screens its figures lead to, so Editor's figures are plain text.
 */
export function canOpen(href: string, role: Role | null): boolean {
  if (!role) return false;
  const route = findRoute(href.split(/[?#]/, 1)[0] ?? "");
  return route !== undefined && route.roles.length > 0 && decideAccess(route, role) === "allow";
}
