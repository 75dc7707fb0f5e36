import type { SessionInfo } from "@portal/shared/schemas/responses";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { earlyRequest } from "./early-request.ts";
import { http } from "./http.ts";

/** GET /api/session is the one source of truth for the user, the school year and maintenance. */
export const SESSION_QUERY_KEY = ["session"] as const;

/**
 * Read as the shared type, not parsed again here: the server writes it through the same shared
 * schema (its response serializer refuses anything else), and parsing it in the browser would put
 * zod on the login route (docs/web.md "Bundle budget").
 */
const sessionRequest = earlyRequest(() => http.get<SessionInfo>("/api/session"));
export const fetchSession = sessionRequest.fetch;
/** main.tsx: the session check leaves with the app's first line, not after the first render. */
export const startSessionRequest = sessionRequest.start;

/** The query, shared by the hook and the first render's wait (app/first-render.ts). */
export const sessionQuery = queryOptions({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession });

export function useSessionQuery() {
  return useQuery(sessionQuery);
}

/** What a screen sees in the instant the cache is emptied (logout), before the page reloads. */
const SIGNED_OUT: SessionInfo = { user: null, mfa: null, schoolYear: null, language: "es", maintenance: false };

/**
 * The session inside the router. The root layout renders nothing below it until the session is
 * known, so screens can rely on it; the fallback only covers the moment logout clears the cache.
 */
export function useSession(): SessionInfo {
  return useSessionQuery().data ?? SIGNED_OUT;
}
