import {
  type ErasureBody,
  type ErasurePreview,
  type ErasureResult,
  type ErasureScope,
  erasurePreviewSchema,
  erasureResultSchema,
} from "@portal/shared/schemas/erasure";
import { useQuery } from "@tanstack/react-query";
import { http } from "../../lib/http.ts";

/** The erasure's calls (docs/api.md "Staff workflow"; docs/rules/data-protection.md "Erasure"). */
export const erasureQueryKey = (requestId: number, scope: ErasureScope) => ["erasure", requestId, scope] as const;

export function useErasurePreview(requestId: number, scope: ErasureScope, enabled: boolean) {
  return useQuery({
    queryKey: erasureQueryKey(requestId, scope),
    queryFn: async (): Promise<ErasurePreview> =>
      erasurePreviewSchema.parse(await http.get(`/api/requests/${requestId}/erasure?scope=${scope}`)),
    enabled,
    staleTime: 0,
    retry: false,
  });
}

export async function runErasure(requestId: number, body: ErasureBody): Promise<ErasureResult> {
  return erasureResultSchema.parse(await http.post(`/api/requests/${requestId}/erasure`, body));
}

/** The name as the server compares it: spaces and case aside. */
export const comparableName = (name: string) =>
  name.normalize("NFC").trim().replace(/\s+/g, " ").toLocaleLowerCase("es");
