import { fullPathOf } from "../../lib/match-route.ts";
import type { RequestListId } from "./request-lists.ts";

/** The tabs above the staff request lists, in the spec 2 order; photos is the hidden photos list. */
export const REQUEST_TAB_IDS = [
  "inscriptions.allRequest",
  "inscriptions.withoutTreating",
  "inscriptions.acceptedRequest",
  "inscriptions.validatedRequest",
  "inscriptions.confirmedRequest",
  "inscriptions.refusedRequest",
  "inscriptions.discontinuedRequest",
  "inscriptions.inProcess",
  "inscriptions.photos",
] as const satisfies readonly (RequestListId | "inscriptions.photos")[];

export type RequestTabId = (typeof REQUEST_TAB_IDS)[number];

/**
 * What a tab carries over from the current list's URL: the filters that mean the same on the
 * next list. Status is the tab's own; page, sort and order belong to one list (a page 3 or a
 * sort column may not exist on the next). The photos grid reads only the search and test data.
 */
const KEPT_ON_REQUEST_LISTS = ["q", "level", "kind", "internalReview", "testData", "schoolYearId"] as const;
const KEPT_ON_PHOTOS = ["q", "testData"] as const;

/** The link of a tab, keeping the current list's search and shared filters (docs/rules/staff-workflow.md "Request lists"). */
export function requestTabHref(id: RequestTabId, current: URLSearchParams): string {
  const kept = id === "inscriptions.photos" ? KEPT_ON_PHOTOS : KEPT_ON_REQUEST_LISTS;
  const params = new URLSearchParams();
  for (const key of kept) {
    const value = current.get(key);
    if (value) params.set(key, value);
  }
  const search = params.toString();
  return `${fullPathOf(id)}${search ? `?${search}` : ""}`;
}
