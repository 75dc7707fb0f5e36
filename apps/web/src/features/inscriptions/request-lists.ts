import type { RequestStatus } from "@portal/shared/request-status";
import { fullPathOf } from "../../lib/match-route.ts";

/**
 * The staff's request lists under /portal/dashboards/inscriptions (spec 2): one screen, each
 * route with its fixed status filter. `null` = every status (the list then offers its own
 * status filter).
 */
export const REQUEST_LISTS = {
  "inscriptions.allRequest": null,
  // "Not yet treated": sent and never decided, or restored and waiting for a new decision.
  "inscriptions.withoutTreating": ["Untreated", "Restored"],
  "inscriptions.acceptedRequest": ["Accepted"],
  "inscriptions.validatedRequest": ["Validated"],
  "inscriptions.confirmedRequest": ["Confirmed"],
  "inscriptions.refusedRequest": ["Refused"],
  "inscriptions.discontinuedRequest": ["Discontinued"],
  "inscriptions.inProcess": ["InProcess"],
} as const satisfies Record<string, readonly RequestStatus[] | null>;

export type RequestListId = keyof typeof REQUEST_LISTS;

export const REQUEST_LIST_IDS = Object.keys(REQUEST_LISTS) as RequestListId[];

export const DEFAULT_LIST_ID: RequestListId = "inscriptions.withoutTreating";

/** /portal/dashboards/inscriptions/<list path>. */
export function listPath(id: RequestListId): string {
  return fullPathOf(id);
}

export function listIdByPath(pathname: string): RequestListId | null {
  const clean = pathname.replace(/\/+$/, "");
  return REQUEST_LIST_IDS.find((id) => listPath(id) === clean) ?? null;
}

/** The fixed statuses of a list, or null for every status. */
export function listStatuses(id: RequestListId): readonly RequestStatus[] | null {
  return REQUEST_LISTS[id];
}

/** /portal/dashboards/inscriptions/request-detail/<id>, with the list it was opened from. */
export function detailPath(requestId: number, from?: string | null): string {
  const base = fullPathOf("inscriptions.requestDetail").replace(":id", String(requestId));
  return from ? `${base}?${new URLSearchParams({ from }).toString()}` : base;
}

/** A request id from a path parameter, or 0 when it is not one (the page then says not found). */
export function parseRequestId(value: string | undefined): number {
  return value && /^\d{1,10}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : 0;
}

export function requestNotFoundPath(): string {
  return fullPathOf("inscriptions.requestNotFound");
}

/** A module page of a request (`inscriptions.module.<module>`), e.g. /student-record/12, with the list it came from. */
export function modulePath(moduleRouteId: string, requestId: number, from?: string | null): string {
  const base = fullPathOf(moduleRouteId).replace(":id", String(requestId));
  return from ? `${base}?${new URLSearchParams({ from }).toString()}` : base;
}

/** The list a detail page was opened from, read back from its `from` parameter. */
export interface ListOrigin {
  listId: RequestListId;
  /** The list's path and query string, as the list had it (`/portal/…/without-treating?page=2`). */
  href: string;
  params: URLSearchParams;
}

/**
 * Reads `?from=` of a detail page. Only one of the request lists of this app is accepted (never
 * another site or another screen), so "back to list" and previous/next cannot be pointed elsewhere.
 */
export function parseOrigin(value: string | null): ListOrigin | null {
  const url = parseInAppUrl(value);
  if (!url) return null;
  const listId = listIdByPath(url.pathname);
  if (!listId) return null;
  return { listId, href: `${listPath(listId)}${url.search}`, params: url.searchParams };
}

/** A path (and query) of this app, or null for another site, a protocol-relative URL or junk. */
export function parseInAppUrl(value: string | null): URL | null {
  if (!value?.startsWith("/") || value.startsWith("//")) return null;
  let url: URL;
  try {
    url = new URL(value, "http://portal.invalid");
  } catch {
    return null;
  }
  return url.origin === "http://portal.invalid" ? url : null;
}

/** The same origin with another page number (walking past the edge of a page). */
export function originAtPage(origin: ListOrigin, page: number): string {
  const params = new URLSearchParams(origin.params);
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
  const search = params.toString();
  return `${listPath(origin.listId)}${search ? `?${search}` : ""}`;
}
