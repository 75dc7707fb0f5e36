import { type Dashboard, dashboardSchema } from "@portal/shared/schemas/dashboard";
import type { TestDataMode } from "@portal/shared/schemas/requests";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { http } from "../../lib/http.ts";

/** GET /api/dashboard (docs/api.md "Staff dashboard"): the session's school year. */
export const DASHBOARD_QUERY_KEY = ["dashboard"] as const;

export function useDashboard(testData: TestDataMode) {
  return useQuery({
    queryKey: [...DASHBOARD_QUERY_KEY, testData],
    queryFn: async (): Promise<Dashboard> =>
      dashboardSchema.parse(await http.get(`/api/dashboard?${new URLSearchParams({ testData }).toString()}`)),
    staleTime: 0,
    // Switching test data in or out keeps the figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
