import { REQUEST_STATUSES, type RequestStatus } from "@portal/shared/request-status";
import { isLevelCode } from "@portal/shared/rules/levels";
import { DEFAULT_REPORT_COLUMNS, REPORT_COLUMNS, REPORT_SORTS, type ReportId } from "@portal/shared/schemas/reports";
import {
  PAGE_SIZES,
  type PageSize,
  REQUEST_KINDS,
  TEST_DATA_MODES,
  type TestDataMode,
} from "@portal/shared/schemas/requests";

/**
 * A report's state as the URL holds it (bookmarkable, back/forward): the shared filters, the chosen
 * columns, the sort and the page. The same names are the API's query parameters.
 */
export interface ReportState {
  level: string | null;
  statuses: RequestStatus[];
  kind: (typeof REQUEST_KINDS)[number] | null;
  testData: TestDataMode;
  columns: string[];
  sort: string;
  order: "asc" | "desc";
  page: number;
  pageSize: PageSize;
}

export function parseReportState(report: ReportId, params: URLSearchParams): ReportState {
  const known = REPORT_COLUMNS[report] as readonly string[];
  const columns = (params.get("columns") ?? "").split(",").filter((id) => known.includes(id));
  const sort = params.get("sort") ?? "";
  const page = Number(params.get("page"));
  const pageSize = Number(params.get("pageSize"));
  const level = params.get("level") ?? "";
  const kind = params.get("kind");
  const testData = params.get("testData");
  return {
    level: isLevelCode(level) ? level : null,
    statuses: REQUEST_STATUSES.filter((s) => (params.get("status") ?? "").split(",").includes(s)),
    kind: REQUEST_KINDS.find((k) => k === kind) ?? null,
    testData: TEST_DATA_MODES.find((m) => m === testData) ?? "exclude",
    columns: columns.length > 0 ? columns : [...DEFAULT_REPORT_COLUMNS[report]],
    sort: (REPORT_SORTS[report] as readonly string[]).includes(sort) ? sort : "code",
    order: params.get("order") === "desc" ? "desc" : "asc",
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? (pageSize as PageSize) : 25,
  };
}

/** The filters alone (no columns, sort or page): the photo export link and the committee export. */
export function filterParams(state: ReportState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.level) params.set("level", state.level);
  if (state.statuses.length > 0) params.set("status", state.statuses.join(","));
  if (state.kind) params.set("kind", state.kind);
  if (state.testData !== "exclude") params.set("testData", state.testData);
  return params;
}

/** Filters, columns and sort: what an export of the table sends. */
export function exportParams(state: ReportState): URLSearchParams {
  const params = filterParams(state);
  params.set("columns", state.columns.join(","));
  params.set("sort", state.sort);
  params.set("order", state.order);
  return params;
}

/** Everything: the URL and the table's API call. */
export function writeReportState(state: ReportState): URLSearchParams {
  const params = exportParams(state);
  if (state.page !== 1) params.set("page", String(state.page));
  if (state.pageSize !== 25) params.set("pageSize", String(state.pageSize));
  return params;
}
