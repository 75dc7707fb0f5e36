import { AUDIT_EVENTS, type AuditEventCode } from "@portal/shared/schemas/audit";
import { DEFAULT_PAGE_SIZE, MAX_PAGE, PAGE_SIZES, type PageSize } from "@portal/shared/schemas/requests";

/**
 * The audit log's filters and page, all in the URL query string, which is also the API's
 * (`?actor=ana&event=login.success&requestId=42&from=2026-01-01&to=2026-01-31&page=2`). Text is
 * kept as typed: the server validates it and answers the field in error, shown under its input.
 */
export interface AuditLogState {
  actor: string;
  subject: string;
  event: AuditEventCode | null;
  requestId: string;
  from: string;
  to: string;
  page: number;
  pageSize: PageSize;
}

export const DEFAULT_AUDIT_LOG_STATE: AuditLogState = {
  actor: "",
  subject: "",
  event: null,
  requestId: "",
  from: "",
  to: "",
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

const TEXT_KEYS = ["actor", "subject", "requestId", "from", "to"] as const;

function pageOf(value: string | null): number {
  if (value === null || !/^\d{1,9}$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

export function parseAuditLogState(params: URLSearchParams): AuditLogState {
  const pageSize = Number(params.get("pageSize"));
  const event = params.get("event");
  const state: AuditLogState = {
    ...DEFAULT_AUDIT_LOG_STATE,
    event: event !== null && (AUDIT_EVENTS as readonly string[]).includes(event) ? (event as AuditEventCode) : null,
    page: pageOf(params.get("page")),
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? (pageSize as PageSize) : DEFAULT_PAGE_SIZE,
  };
  for (const key of TEXT_KEYS) state[key] = (params.get(key) ?? "").slice(0, 200);
  return state;
}

/** The query string of a state, for the URL and the API alike: only what differs from the defaults. */
export function writeAuditLogState(state: AuditLogState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ["actor", "subject"] as const) {
    const value = state[key].trim();
    if (value) params.set(key, value);
  }
  if (state.event) params.set("event", state.event);
  for (const key of ["requestId", "from", "to"] as const) {
    const value = state[key].trim();
    if (value) params.set(key, value);
  }
  if (state.page > 1) params.set("page", String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set("pageSize", String(state.pageSize));
  return params;
}

/** The export's query: the same filters, without the page. */
export function exportQuery(state: AuditLogState): URLSearchParams {
  return writeAuditLogState({ ...state, page: 1, pageSize: DEFAULT_PAGE_SIZE });
}
