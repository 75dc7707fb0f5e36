import { PHOTO_STATUSES, type PhotoStatus } from "@portal/shared/schemas/photos";
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE,
  MAX_SEARCH_LENGTH,
  PAGE_SIZES,
  type PageSize,
  TEST_DATA_MODES,
  type TestDataMode,
} from "@portal/shared/schemas/requests";

/**
 * The photos grid's state, all of it in the URL query string (bookmarks, reloads, back/forward):
 * `?photoStatus=rejected&q=perez&testData=include&page=2&pageSize=50`. The grid opens on the photos
 * to review (`pending`, written as nothing); `photoStatus=all` shows every status. Only values that
 * differ from the defaults are written; anything unreadable falls back to its default.
 */
export const PHOTO_FILTERS = ["pending", "approved", "rejected", "all"] as const;
export type PhotoFilter = (typeof PHOTO_FILTERS)[number];

export interface PhotoGridState {
  photoStatus: PhotoFilter;
  q: string;
  testData: TestDataMode;
  page: number;
  pageSize: PageSize;
}

export const DEFAULT_PHOTO_GRID_STATE: PhotoGridState = {
  photoStatus: "pending",
  q: "",
  testData: "exclude",
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

function pageOf(value: string | null): number {
  if (value === null || !/^\d{1,9}$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

export function parsePhotoGridState(params: URLSearchParams): PhotoGridState {
  const pageSize = Number(params.get("pageSize"));
  return {
    photoStatus: oneOf(PHOTO_FILTERS, params.get("photoStatus")) ?? DEFAULT_PHOTO_GRID_STATE.photoStatus,
    q: (params.get("q") ?? "").slice(0, MAX_SEARCH_LENGTH),
    testData: oneOf(TEST_DATA_MODES, params.get("testData")) ?? DEFAULT_PHOTO_GRID_STATE.testData,
    page: pageOf(params.get("page")),
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? (pageSize as PageSize) : DEFAULT_PAGE_SIZE,
  };
}

/** The URL query of a state: only what differs from the defaults, always in the same order. */
export function writePhotoGridState(state: PhotoGridState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.photoStatus !== DEFAULT_PHOTO_GRID_STATE.photoStatus) params.set("photoStatus", state.photoStatus);
  const q = state.q.trim();
  if (q) params.set("q", q);
  if (state.testData !== DEFAULT_PHOTO_GRID_STATE.testData) params.set("testData", state.testData);
  if (state.page > 1) params.set("page", String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set("pageSize", String(state.pageSize));
  return params;
}

/** The query string of GET /api/photos for a state (`all` is no photo status at all). */
export function toPhotoApiQuery(state: PhotoGridState): URLSearchParams {
  const params = new URLSearchParams();
  const status: PhotoStatus | null = oneOf(PHOTO_STATUSES, state.photoStatus);
  if (status) params.set("photoStatus", status);
  const q = state.q.trim();
  if (q) params.set("q", q);
  params.set("testData", state.testData);
  params.set("page", String(state.page));
  params.set("pageSize", String(state.pageSize));
  return params;
}
