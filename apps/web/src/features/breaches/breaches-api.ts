import {
  type BreachDetail,
  type BreachInput,
  type BreachNotice,
  type BreachNoticeTexts,
  breachDetailSchema,
  breachFamilyListSchema,
  breachListSchema,
  breachNoticeSchema,
} from "@portal/shared/schemas/breaches";
import { useQuery } from "@tanstack/react-query";
import { http } from "../../lib/http.ts";

export const BREACHES_QUERY_KEY = ["settings", "breaches"] as const;
export const breachQueryKey = (id: number) => [...BREACHES_QUERY_KEY, id] as const;
export const noticeQueryKey = (id: number) => [...BREACHES_QUERY_KEY, id, "notice"] as const;

export function useBreaches() {
  return useQuery({
    queryKey: BREACHES_QUERY_KEY,
    queryFn: async () => breachListSchema.parse(await http.get("/api/breaches")),
  });
}

export function useBreach(id: number | null) {
  return useQuery({
    queryKey: breachQueryKey(id ?? 0),
    queryFn: async () => breachDetailSchema.parse(await http.get(`/api/breaches/${id}`)),
    enabled: id !== null,
  });
}

export function useBreachNotice(id: number) {
  return useQuery({
    queryKey: noticeQueryKey(id),
    queryFn: async () => breachNoticeSchema.parse(await http.get(`/api/breaches/${id}/notice`)),
  });
}

export function useFamilySearch(q: string) {
  return useQuery({
    queryKey: [...BREACHES_QUERY_KEY, "families", q],
    queryFn: async () =>
      breachFamilyListSchema.parse(await http.get(`/api/breaches/families?q=${encodeURIComponent(q)}`)),
    enabled: q.trim().length >= 2,
  });
}

export async function createBreach(body: BreachInput): Promise<BreachDetail> {
  return breachDetailSchema.parse(await http.post("/api/breaches", body));
}

export async function saveBreach(id: number, body: BreachInput & { version: number }): Promise<BreachDetail> {
  return breachDetailSchema.parse(await http.put(`/api/breaches/${id}`, body));
}

export async function recordAuthority(
  id: number,
  body: { version: number; notifiedOn: string; reference: string },
): Promise<BreachDetail> {
  return breachDetailSchema.parse(await http.post(`/api/breaches/${id}/authority`, body));
}

export async function saveNotice(
  id: number,
  body: { version: number; texts: BreachNoticeTexts },
): Promise<BreachNotice> {
  return breachNoticeSchema.parse(await http.put(`/api/breaches/${id}/notice`, body));
}

export async function sendNotice(id: number, version: number): Promise<BreachNotice> {
  return breachNoticeSchema.parse(await http.post(`/api/breaches/${id}/notice/send`, { version }));
}
