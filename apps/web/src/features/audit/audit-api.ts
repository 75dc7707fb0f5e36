import { type AuditEventList, auditEventListSchema } from "@portal/shared/schemas/audit";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { http } from "../../lib/http.ts";

/** Calls of the audit log page (docs/api.md "Audit log"). */
export const AUDIT_EVENTS_QUERY_KEY = ["audit-events"] as const;

export function useAuditEvents(apiQuery: string) {
  return useQuery({
    queryKey: [...AUDIT_EVENTS_QUERY_KEY, apiQuery],
    queryFn: async (): Promise<AuditEventList> =>
      auditEventListSchema.parse(await http.get(`/api/audit-events?${apiQuery}`)),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    staleTime: 0,
    // A refused filter (400) is shown under its field; asking again would not change the answer.
    retry: false,
  });
}

/** The CSV export as a plain link: the browser streams the download to disk with the session cookie. */
export function auditCsvUrl(apiQuery: string): string {
  return `/api/audit-events.csv${apiQuery ? `?${apiQuery}` : ""}`;
}
