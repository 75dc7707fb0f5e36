import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "./api-error.ts";

/** Retrying cannot fix a refusal (4xx) or maintenance (503); other failures get two more tries. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && ((error.status >= 400 && error.status < 500) || error.status === 503)) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
