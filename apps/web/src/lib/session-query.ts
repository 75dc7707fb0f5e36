import { type SessionInfo, sessionSchema } from "@portal/shared/schemas/responses";
import { useQuery } from "@tanstack/react-query";
import { http } from "./http.ts";

/** GET /api/session is the one source of truth for the user, the school year and maintenance. */
export const SESSION_QUERY_KEY = ["session"] as const;

export async function fetchSession(): Promise<SessionInfo> {
  return sessionSchema.parse(await http.get("/api/session"));
}

export function useSessionQuery() {
  return useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession });
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
