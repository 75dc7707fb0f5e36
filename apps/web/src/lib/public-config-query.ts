import type { Branding, PublicConfig } from "@portal/shared/schemas/responses";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { earlyRequest } from "./early-request.ts";
import { http } from "./http.ts";
import { DEFAULT_PRIMARY_COLOR } from "./palette.ts";

export const PUBLIC_CONFIG_QUERY_KEY = ["public-config"] as const;

/** Used until the branding arrives, or if it cannot be read: the portal must still work. */
export const FALLBACK_BRANDING: Branding = {
  schoolName: "Portal",
  logoUrl: "",
  primaryColor: DEFAULT_PRIMARY_COLOR,
  navColor: "light",
};

/** Read as the shared type: the server's serializer checks it (see fetchSession). */
const publicConfigRequest = earlyRequest(() => http.get<PublicConfig>("/api/public/config"));
export const fetchPublicConfig = publicConfigRequest.fetch;
/** main.tsx, beside the session check. */
export const startPublicConfigRequest = publicConfigRequest.start;

/** The query, shared by the hook and the first render's wait (app/first-render.ts). */
export const publicConfigQuery = queryOptions({
  queryKey: PUBLIC_CONFIG_QUERY_KEY,
  queryFn: fetchPublicConfig,
  staleTime: 5 * 60_000,
});

/** Branding is read at run time, so a school is rebranded without rebuilding the app. */
export function usePublicConfigQuery() {
  return useQuery(publicConfigQuery);
}

export function useBranding(): Branding {
  return usePublicConfigQuery().data?.branding ?? FALLBACK_BRANDING;
}
