import {
  type DataRightsActionInput,
  type DataRightsFilingInput,
  type DataRightsQueue,
  dataRightsQueueSchema,
  type FamilyDataRights,
  type FamilyDataRightsRequest,
  familyDataRightsRequestSchema,
  familyDataRightsSchema,
  type StaffDataRightsDetail,
  staffDataRightsDetailSchema,
} from "@portal/shared/schemas/data-rights";
import { useQuery } from "@tanstack/react-query";
import { http } from "../../lib/http.ts";

/** Data-rights requests (docs/rules/data-protection.md): the family's own, and the staff's queue. */

export const FAMILY_DATA_RIGHTS_KEY = ["data-rights", "family"] as const;
export const DATA_RIGHTS_QUEUE_KEY = ["data-rights", "queue"] as const;

export function useFamilyDataRights() {
  return useQuery({
    queryKey: FAMILY_DATA_RIGHTS_KEY,
    queryFn: async (): Promise<FamilyDataRights> =>
      familyDataRightsSchema.parse(await http.get("/api/account/data-rights")),
  });
}

export const fileDataRightsRequest = async (body: DataRightsFilingInput): Promise<FamilyDataRightsRequest> =>
  familyDataRightsRequestSchema.parse(await http.post("/api/account/data-rights", body));

/** `query`: the page's own `state` and `kind` parameters, as the URL holds them. */
export function useDataRightsQueue(query: string) {
  return useQuery({
    queryKey: [...DATA_RIGHTS_QUEUE_KEY, query],
    queryFn: async (): Promise<DataRightsQueue> =>
      dataRightsQueueSchema.parse(await http.get(`/api/data-rights-requests${query ? `?${query}` : ""}`)),
  });
}

export const dataRightsRequestKey = (id: number) => ["data-rights", "request", id] as const;

export function useDataRightsRequest(id: number) {
  return useQuery({
    queryKey: dataRightsRequestKey(id),
    queryFn: async (): Promise<StaffDataRightsDetail> =>
      staffDataRightsDetailSchema.parse(await http.get(`/api/data-rights-requests/${id}`)),
  });
}

export const actOnDataRightsRequest = async (id: number, body: DataRightsActionInput): Promise<StaffDataRightsDetail> =>
  staffDataRightsDetailSchema.parse(await http.post(`/api/data-rights-requests/${id}/actions`, body));
