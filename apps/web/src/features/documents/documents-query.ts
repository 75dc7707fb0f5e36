import { LEVEL_CODES, type LevelCode } from "@portal/shared/rules/levels";
import { HAND_IN_FILTERS, type HandInFilter } from "@portal/shared/schemas/documents";
import { PAGE_SIZES, type PageSize } from "@portal/shared/schemas/requests";
import { SIGNING_FILTERS, type SigningFilter } from "@portal/shared/schemas/signing";

/**
 * The documents list's state, kept in the URL (a reload or a shared link shows the same list):
 * the hand-in filter, the online signing filter, level, search, test data, page and page size. Unknown or bad values are
 * dropped, never sent to the server. `request` is the request whose documents are open.
 */
export interface DocumentListState {
  handIn: HandInFilter | null;
  signing: SigningFilter | null;
  level: LevelCode | null;
  q: string;
  testData: boolean;
  page: number;
  pageSize: PageSize;
  request: number | null;
}

const DEFAULT_PAGE_SIZE: PageSize = 25;

const positive = (value: string | null): number | null => {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
};

export function parseDocumentListState(params: URLSearchParams): DocumentListState {
  const handIn = params.get("handIn");
  const signing = params.get("signing");
  const level = params.get("level");
  const size = Number(params.get("pageSize"));
  return {
    handIn: (HAND_IN_FILTERS as readonly string[]).includes(handIn ?? "") ? (handIn as HandInFilter) : null,
    signing: (SIGNING_FILTERS as readonly string[]).includes(signing ?? "") ? (signing as SigningFilter) : null,
    level: (LEVEL_CODES as readonly string[]).includes(level ?? "") ? (level as LevelCode) : null,
    q: (params.get("q") ?? "").slice(0, 100),
    testData: params.get("testData") === "include",
    page: positive(params.get("page")) ?? 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? (size as PageSize) : DEFAULT_PAGE_SIZE,
    request: positive(params.get("request")),
  };
}

/** The filters as the API's query (the list's and the ZIP's: the ZIP has no paging). */
export function toDocumentApiQuery(state: DocumentListState, withPaging = true): URLSearchParams {
  const query = new URLSearchParams();
  if (state.handIn) query.set("handIn", state.handIn);
  if (state.signing) query.set("signing", state.signing);
  if (state.level) query.set("level", state.level);
  if (state.q.trim()) query.set("q", state.q.trim());
  if (state.testData) query.set("testData", "include");
  if (withPaging) {
    query.set("page", String(state.page));
    query.set("pageSize", String(state.pageSize));
  }
  return query;
}

/** The state as the page's URL: defaults left out so a plain link stays plain. */
export function writeDocumentListState(state: DocumentListState): URLSearchParams {
  const query = toDocumentApiQuery(state, false);
  if (state.page !== 1) query.set("page", String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) query.set("pageSize", String(state.pageSize));
  if (state.request) query.set("request", String(state.request));
  return query;
}
