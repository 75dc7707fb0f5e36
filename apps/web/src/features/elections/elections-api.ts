import {
  type FamilyElection,
  familyElectionSchema,
  receiptCheckResultSchema,
  receiptSchema,
} from "@portal/shared/schemas/elections";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { http } from "../../lib/http.ts";

export type ElectionPhase = "upcoming" | "in-progress" | "completed";

export const electionsQueryKey = (phase: ElectionPhase) => ["elections", phase] as const;

const listSchema = z.object({ items: z.array(familyElectionSchema) });

/** The families' elections of one phase: lists, candidates, my vote, published results. */
export function useElections(phase: ElectionPhase) {
  return useQuery({
    queryKey: electionsQueryKey(phase),
    queryFn: async (): Promise<FamilyElection[]> =>
      listSchema.parse(await http.get(`/api/elections?phase=${phase}`)).items,
  });
}

/** One vote: a list of the election, or null for a blank vote. Answers the receipt. */
export async function castVote(electionId: number, listId: number | null) {
  const body = listId === null ? { blank: true } : { listId };
  return receiptSchema.parse(await http.post(`/api/elections/${electionId}/vote`, body));
}

/** Whether a receipt's ballot is counted (published elections only): the body, never the address. */
export async function checkReceipt(electionId: number, receiptCode: string) {
  return receiptCheckResultSchema.parse(await http.post(`/api/elections/${electionId}/receipt`, { receiptCode }));
}

/** One election a family may see (not a draft, not cancelled): /candidatos/:id, /organizaciones/:id. */
export function useElection(id: number | null) {
  return useQuery({
    queryKey: ["elections", "one", id],
    enabled: id !== null,
    queryFn: async (): Promise<FamilyElection> => familyElectionSchema.parse(await http.get(`/api/elections/${id}`)),
  });
}
