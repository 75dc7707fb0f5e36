import { type KnownPeople, knownPeopleSchema } from "@portal/shared/schemas/enrollment-responses";
import { useQuery } from "@tanstack/react-query";
import { http } from "../../lib/http.ts";
import { fileQueryKey } from "./enrollment-api.ts";

/**
 * The representatives and authorized persons the family saved on its other files (siblings',
 * earlier years'), offered for reuse on steps 5 to 7 (GET /api/enrollment/files/:fileId/known-people).
 * Not asked for where nothing is offered (the staff's module pages): `isLoading` stays false.
 */
export function useKnownPeople(fileId: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...fileQueryKey(fileId), "knownPeople"],
    queryFn: async (): Promise<KnownPeople> =>
      knownPeopleSchema.parse(await http.get(`/api/enrollment/files/${fileId}/known-people`)),
    staleTime: 0,
  });
}
