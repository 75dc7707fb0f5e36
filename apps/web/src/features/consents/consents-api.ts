import type { ConsentKind } from "@portal/shared/consents";
import {
  type FamilyConsents,
  familyConsentsSchema,
  type RequestConsents,
  requestConsentsSchema,
} from "@portal/shared/schemas/consents";
import { useQuery } from "@tanstack/react-query";
import { http } from "../../lib/http.ts";

/** Withdrawing a consent (docs/rules/data-protection.md "Withdrawing a consent"): the family's and the staff's calls. */
export const FAMILY_CONSENTS_QUERY_KEY = ["consents", "family"] as const;
export const requestConsentsQueryKey = (requestId: number) => ["consents", "request", requestId] as const;

export function useFamilyConsents() {
  return useQuery({
    queryKey: FAMILY_CONSENTS_QUERY_KEY,
    queryFn: async (): Promise<FamilyConsents> => familyConsentsSchema.parse(await http.get("/api/account/consents")),
  });
}

export const withdrawConsent = async (studentId: number, consent: ConsentKind): Promise<FamilyConsents> =>
  familyConsentsSchema.parse(await http.post(`/api/account/students/${studentId}/consent-withdrawals`, { consent }));

/** Where a request's consents stand, for the staff's pages. */
export function useRequestConsents(requestId: number) {
  return useQuery({
    queryKey: requestConsentsQueryKey(requestId),
    queryFn: async (): Promise<RequestConsents> =>
      requestConsentsSchema.parse(await http.get(`/api/requests/${requestId}/consents`)),
    enabled: requestId > 0,
  });
}
