import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { http } from "../../lib/http.ts";

/**
 * Logout (spec 7: logout clears the browser storage). The server deletes the session; then every
 * storage key and the query cache go, and the login page is loaded afresh so no state of the
 * signed-in user (query data, stores, open dialogs) survives in memory either.
 */
export function useLogout(to = "/login"): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await http.post("/api/auth/logout");
    } catch {
      // An expired session is already logged out; the local clean-up below still has to happen.
    }
    localStorage.clear();
    sessionStorage.clear();
    queryClient.clear();
    window.location.replace(to);
  }, [queryClient, to]);
}
