import type { RequestStatus } from "@portal/shared/request-status";
import {
  type StatusTextAdmin,
  type StatusTextAdminList,
  type StatusTextSaveInput,
  statusTextAdminListSchema,
  statusTextAdminSchema,
} from "@portal/shared/schemas/status-texts";
import { useQuery } from "@tanstack/react-query";
import { http } from "../../lib/http.ts";

export const STATUS_TEXTS_ADMIN_QUERY_KEY = ["settings", "status-texts"] as const;

export function useStatusTextsForAdmin() {
  return useQuery({
    queryKey: STATUS_TEXTS_ADMIN_QUERY_KEY,
    queryFn: async (): Promise<StatusTextAdminList> =>
      statusTextAdminListSchema.parse(await http.get("/api/settings/status-texts")),
  });
}

export async function saveStatusText(status: RequestStatus, body: StatusTextSaveInput): Promise<StatusTextAdmin> {
  return statusTextAdminSchema.parse(await http.put(`/api/settings/status-texts/${status}`, body));
}

export async function resetStatusText(status: RequestStatus, expectedVersion: number): Promise<StatusTextAdmin> {
  return statusTextAdminSchema.parse(
    await http.post(`/api/settings/status-texts/${status}/reset`, { expectedVersion }),
  );
}
