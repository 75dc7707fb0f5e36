import { type RequestMails, requestMailsSchema } from "@portal/shared/schemas/request-mails";
import {
  type RepresentativeList,
  type RequestList,
  representativeListSchema,
  requestListSchema,
} from "@portal/shared/schemas/requests";
import {
  type BulkActionInput,
  type BulkResult,
  bulkResultSchema,
  type InternalReviewInput,
  type RequestActionInput,
  type RequestDetail,
  requestDetailSchema,
} from "@portal/shared/schemas/workflow";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { http } from "../../lib/http.ts";

/** Calls of the staff lists and workflow (docs/api.md "Staff lists" and "Staff workflow"). */
export const INSCRIPTIONS_QUERY_KEY = ["inscriptions"] as const;
export const LIST_QUERY_KEY = ["inscriptions", "list"] as const;
/** Under the area's key: a status change refreshes the representatives lists' statuses too. */
export const REPRESENTATIVES_QUERY_KEY = ["inscriptions", "representatives"] as const;
export const detailQueryKey = (id: number) => ["inscriptions", "detail", id] as const;
/** Kept apart from the lists: a status change must not take previous/next away mid-walk. */
export const neighboursQueryKey = (from: string, id: number) => ["inscriptions-navigation", from, id] as const;

export async function fetchRequestList(apiQuery: string): Promise<RequestList> {
  return requestListSchema.parse(await http.get(`/api/requests?${apiQuery}`));
}

export function useRequestList(apiQuery: string) {
  return useQuery({
    queryKey: [...LIST_QUERY_KEY, apiQuery],
    queryFn: () => fetchRequestList(apiQuery),
    // The previous page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useRepresentativeList(apiQuery: string) {
  return useQuery({
    queryKey: [...REPRESENTATIVES_QUERY_KEY, apiQuery],
    queryFn: async (): Promise<RepresentativeList> =>
      representativeListSchema.parse(await http.get(`/api/representatives?${apiQuery}`)),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useRequestDetail(id: number) {
  return useQuery({
    queryKey: detailQueryKey(id),
    queryFn: async (): Promise<RequestDetail> => requestDetailSchema.parse(await http.get(`/api/requests/${id}`)),
    enabled: id > 0,
    staleTime: 0,
    // A 404 is an answer, not a hiccup.
    retry: false,
  });
}

export async function runAction(id: number, body: RequestActionInput): Promise<RequestDetail> {
  return requestDetailSchema.parse(await http.post(`/api/requests/${id}/actions`, body));
}

export async function runBulkAction(body: BulkActionInput): Promise<BulkResult> {
  return bulkResultSchema.parse(await http.post("/api/requests/bulk-actions", body));
}

export async function saveInternalReview(id: number, body: InternalReviewInput): Promise<RequestDetail> {
  return requestDetailSchema.parse(await http.put(`/api/requests/${id}/internal-review`, body));
}

export const mailsQueryKey = (id: number) => ["inscriptions", "mails", id] as const;

/** The e-mails sent to the family about a request, with their delivery state. */
export function useRequestMails(id: number) {
  return useQuery({
    queryKey: mailsQueryKey(id),
    queryFn: async (): Promise<RequestMails> => requestMailsSchema.parse(await http.get(`/api/requests/${id}/mails`)),
    // A mail just queued goes out within seconds: the state shown follows without a reload.
    refetchInterval: (query) => (query.state.data?.mails.some((mail) => mail.status === "pending") ? 5_000 : false),
  });
}

export async function resendMail(id: number, mailId: number): Promise<RequestMails> {
  return requestMailsSchema.parse(await http.post(`/api/requests/${id}/mails/${mailId}/resend`));
}
