import { type CandidacyInput, type MyCandidacy, myCandidacySchema } from "@portal/shared/schemas/election-candidacies";
import { useQuery } from "@tanstack/react-query";
import { http } from "../../lib/http.ts";

/** The family's own candidacy in an election (docs/elections.md "Candidacies from families"). */

export const candidacyQueryKey = (electionId: number) => ["elections", "candidacy", electionId] as const;
const path = (electionId: number) => `/api/elections/${electionId}/candidacy`;

export function useMyCandidacy(electionId: number, enabled: boolean) {
  return useQuery({
    queryKey: candidacyQueryKey(electionId),
    enabled,
    queryFn: async (): Promise<MyCandidacy> => myCandidacySchema.parse(await http.get(path(electionId))),
  });
}

export const declareCandidacy = async (electionId: number, input: CandidacyInput) =>
  myCandidacySchema.parse(await http.put(path(electionId), input));

export const withdrawCandidacy = (electionId: number) => http.delete(path(electionId));
