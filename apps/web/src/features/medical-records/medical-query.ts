import { isRequestStatus, type RequestStatus } from "@portal/shared/request-status";
import { isLevelCode, type LevelCode } from "@portal/shared/rules/levels";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize } from "@portal/shared/schemas/requests";

/**
 * The medical records screen's state, all in the URL (bookmarks and back/forward keep it): the
 * level first, the statuses (none: the server's default, accepted and beyond), page, page size.
 * Only values that differ from the defaults are written; unreadable ones fall back to them.
 */
export interface MedicalViewState {
  level: LevelCode | null;
  statuses: RequestStatus[];
  page: number;
  pageSize: PageSize;
}

export const DEFAULT_MEDICAL_STATE: MedicalViewState = {
  level: null,
  statuses: [],
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

export function parseMedicalState(params: URLSearchParams): MedicalViewState {
  const level = params.get("level");
  const statuses = (params.get("status") ?? "").split(",").filter(isRequestStatus);
  const page = Number(params.get("page"));
  const pageSize = Number(params.get("pageSize"));
  return {
    level: isLevelCode(level) ? level : null,
    statuses: [...new Set(statuses)],
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? (pageSize as PageSize) : DEFAULT_PAGE_SIZE,
  };
}

export function writeMedicalState(state: MedicalViewState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.level) params.set("level", state.level);
  if (state.statuses.length > 0) params.set("status", state.statuses.join(","));
  if (state.page !== 1) params.set("page", String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set("pageSize", String(state.pageSize));
  return params;
}

/** GET /api/medical-records's query (the session's school year is the server's default). */
export function toMedicalApiQuery(state: MedicalViewState): string {
  const params = writeMedicalState(state);
  params.set("page", String(state.page));
  params.set("pageSize", String(state.pageSize));
  return params.toString();
}

/** The PDF's query: the same filters without paging (the level is required there). */
export function toMedicalPdfQuery(state: MedicalViewState): string {
  const params = writeMedicalState({ ...state, page: 1, pageSize: DEFAULT_PAGE_SIZE });
  return params.toString();
}
