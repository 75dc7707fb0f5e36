import { isRequestStatus, type RequestStatus } from "@portal/shared/request-status";
import { isLevelCode, type LevelCode } from "@portal/shared/rules/levels";
import { PHOTO_EXPORT_KINDS, type PhotoExportKind } from "@portal/shared/schemas/photo-exports";
import { REQUEST_KINDS, type RequestKind, TEST_DATA_MODES, type TestDataMode } from "@portal/shared/schemas/requests";

/**
 * The photo export page's state, all in the URL (the reports pages link here with their filters):
 * `photos` (students by default, then not written), `level`, `status` (comma-separated), `kind`,
 * `testData`, `schoolYearId` (kept as given; the session's when absent). Unreadable values fall
 * back to their default; only values that differ from the defaults are written.
 */
export interface PhotoExportState {
  photos: PhotoExportKind;
  level: LevelCode | null;
  statuses: RequestStatus[];
  kind: RequestKind | null;
  testData: TestDataMode;
  schoolYearId: number | null;
}

export const DEFAULT_PHOTO_EXPORT_STATE: PhotoExportState = {
  photos: "students",
  level: null,
  statuses: [],
  kind: null,
  testData: "exclude",
  schoolYearId: null,
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.find((candidate) => candidate === value) ?? null;

export function parsePhotoExportState(params: URLSearchParams): PhotoExportState {
  const level = params.get("level");
  const year = Number(params.get("schoolYearId"));
  return {
    photos: oneOf(PHOTO_EXPORT_KINDS, params.get("photos")) ?? DEFAULT_PHOTO_EXPORT_STATE.photos,
    level: isLevelCode(level) ? level : null,
    statuses: [...new Set((params.get("status") ?? "").split(",").filter(isRequestStatus))],
    kind: oneOf(REQUEST_KINDS, params.get("kind")),
    testData: oneOf(TEST_DATA_MODES, params.get("testData")) ?? DEFAULT_PHOTO_EXPORT_STATE.testData,
    schoolYearId: Number.isInteger(year) && year >= 1 && year <= 2_147_483_647 ? year : null,
  };
}

/** The page's URL query: only what differs from the defaults, in a fixed order. */
export function writePhotoExportState(state: PhotoExportState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.photos !== DEFAULT_PHOTO_EXPORT_STATE.photos) params.set("photos", state.photos);
  if (state.level) params.set("level", state.level);
  if (state.statuses.length > 0) params.set("status", state.statuses.join(","));
  if (state.kind) params.set("kind", state.kind);
  if (state.testData !== DEFAULT_PHOTO_EXPORT_STATE.testData) params.set("testData", state.testData);
  if (state.schoolYearId !== null) params.set("schoolYearId", String(state.schoolYearId));
  return params;
}

/** The API's query (summary and ZIP): the same, with `photos` always given (the API requires it). */
export function toPhotoExportApiQuery(state: PhotoExportState): string {
  const params = writePhotoExportState(state);
  params.set("photos", state.photos);
  return params.toString();
}

/** Percentage of an estimate, kept below 100 until the download has really ended. */
export function progressPercent(received: number, estimated: number | null): number | null {
  if (!estimated || estimated <= 0) return null;
  return Math.min(99, Math.floor((received / estimated) * 100));
}

/** The page's path with some filters: what the reports pages link to ("Export the photos of this list"). */
export function photoExportPath(filters: Partial<PhotoExportState>): string {
  const query = writePhotoExportState({ ...DEFAULT_PHOTO_EXPORT_STATE, ...filters }).toString();
  return `/portal/reports/photo-export${query ? `?${query}` : ""}`;
}
