import { adminCandidacySchema } from "@portal/shared/schemas/election-candidacies";
import {
  type ElectionCreateInput,
  type ElectionResult,
  type ElectionView,
  electionResultSchema,
  electionViewSchema,
  eligibleVoterSchema,
  type OrganizationInput,
  organizationViewSchema,
  positionViewSchema,
  turnoutSchema,
} from "@portal/shared/schemas/elections";
import { type SchoolYear, schoolYearSchema } from "@portal/shared/schemas/responses";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { http, upload } from "../../../lib/http.ts";

/** Calls of Settings › Elections, positions, organizations, lists and results (docs/api.md "Elections"). */
const BASE = "/api/settings/elections";
export const ELECTION_ADMIN_KEY = ["settings", "elections"] as const;

export type Position = z.infer<typeof positionViewSchema>;
export type Organization = z.infer<typeof organizationViewSchema>;
export type EligibleVoter = z.infer<typeof eligibleVoterSchema>;
export type PositionInput = Omit<Position, "id" | "protected">;

const items =
  <T extends z.ZodType>(schema: T) =>
  async (path: string) =>
    ((await http.get<{ items: unknown[] }>(path)).items ?? []).map((item) => schema.parse(item) as z.infer<T>);

export function useAdminElections() {
  return useQuery({
    queryKey: ELECTION_ADMIN_KEY,
    queryFn: (): Promise<ElectionView[]> => items(electionViewSchema)(BASE),
  });
}

/** After any change: the Admin's screens and the families' pages (an Admin may open them too). */
export function refreshElections(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ELECTION_ADMIN_KEY }),
    queryClient.invalidateQueries({ queryKey: ["elections"] }),
  ]).then(() => undefined);
}

/** The public list the login offers (same key: one cache for both). */
export function useSchoolYearOptions() {
  return useQuery({
    queryKey: ["school-years"],
    queryFn: async (): Promise<SchoolYear[]> => schoolYearSchema.array().parse(await http.get("/api/school-years")),
    staleTime: 5 * 60_000,
  });
}

const view = async (promise: Promise<unknown>) => electionViewSchema.parse(await promise);

export const createElection = (input: ElectionCreateInput) => view(http.post(BASE, input));
export const updateElection = (id: number, input: ElectionCreateInput & { version: number }) =>
  view(http.put(`${BASE}/${id}`, input));

export type ElectionStep = "schedule" | "close" | "publish";
export const electionStep = (election: ElectionView, step: ElectionStep) =>
  view(http.post(`${BASE}/${election.id}/${step}`, { version: election.version }));
/** Closing the poll now; the reason is required before the announced minimum (closesBeforeMinimum). */
export const closeElection = (election: ElectionView, reason: string) =>
  view(
    http.post(
      `${BASE}/${election.id}/close`,
      reason ? { version: election.version, reason } : { version: election.version },
    ),
  );
export const cancelElection = (election: ElectionView, reason: string) =>
  view(http.post(`${BASE}/${election.id}/cancel`, { version: election.version, reason }));

export const addList = (electionId: number, input: { organizationId: number; name: string; statement?: string }) =>
  view(http.post(`${BASE}/${electionId}/lists`, input));
export const removeList = (listId: number) => view(http.delete(`/api/settings/election-lists/${listId}`));
export const saveCandidates = (listId: number, candidates: { userId: number; statement?: string }[]) =>
  view(http.put(`/api/settings/election-lists/${listId}/candidates`, { candidates }));

export async function searchEligible(electionId: number, q: string): Promise<EligibleVoter[]> {
  const query = q ? `?q=${encodeURIComponent(q)}` : "";
  return items(eligibleVoterSchema)(`${BASE}/${electionId}/eligible${query}`);
}

/** Only once the poll has opened; the count only after the close (the server refuses before). */
export function useTurnout(election: ElectionView | null) {
  return useQuery({
    queryKey: [...ELECTION_ADMIN_KEY, "turnout", election?.id, election?.version],
    enabled: election?.status === "open",
    queryFn: async () => turnoutSchema.parse(await http.get(`${BASE}/${election!.id}/turnout`)),
  });
}

export function useResult(election: ElectionView | null) {
  return useQuery({
    queryKey: [...ELECTION_ADMIN_KEY, "result", election?.id, election?.version],
    enabled: election?.status === "closed" || election?.status === "published",
    queryFn: async (): Promise<ElectionResult> =>
      electionResultSchema.parse(await http.get(`${BASE}/${election!.id}/result`)),
  });
}

export const minutesPath = (electionId: number, language: string) =>
  `${BASE}/${electionId}/minutes?language=${language}`;

const POSITIONS = "/api/settings/election-positions";
const ORGANIZATIONS = "/api/settings/election-organizations";
export const POSITIONS_KEY = [...ELECTION_ADMIN_KEY, "positions"] as const;
export const ORGANIZATIONS_KEY = [...ELECTION_ADMIN_KEY, "organizations"] as const;

export function usePositions() {
  return useQuery({ queryKey: POSITIONS_KEY, queryFn: () => items(positionViewSchema)(POSITIONS) });
}
export const savePosition = async (id: number | null, input: PositionInput) =>
  positionViewSchema.parse(await (id === null ? http.post(POSITIONS, input) : http.put(`${POSITIONS}/${id}`, input)));
export const deletePosition = (id: number) => http.delete(`${POSITIONS}/${id}`);

export function useOrganizations() {
  return useQuery({ queryKey: ORGANIZATIONS_KEY, queryFn: () => items(organizationViewSchema)(ORGANIZATIONS) });
}
export const saveOrganization = async (id: number | null, input: OrganizationInput) =>
  organizationViewSchema.parse(
    await (id === null ? http.post(ORGANIZATIONS, input) : http.put(`${ORGANIZATIONS}/${id}`, input)),
  );
export const deleteOrganization = (id: number) => http.delete(`${ORGANIZATIONS}/${id}`);

/** A saved candidate's photo (multipart); answers the election with the new photo's address. */
export const uploadCandidatePhoto = (candidateId: number, file: File) =>
  view(upload(`/api/settings/election-candidates/${candidateId}/photo`, file));

/** The register for posting (names only), as CSV or XLSX. */
export const registerPath = (electionId: number, format: "csv" | "xlsx") =>
  `${BASE}/${electionId}/register?format=${format}`;

export const candidaciesKey = (electionId: number) => [...ELECTION_ADMIN_KEY, "candidacies", electionId] as const;

/** Families' candidacies in an election, pending and decided. */
export function useCandidacies(electionId: number) {
  return useQuery({
    queryKey: candidaciesKey(electionId),
    queryFn: () => items(adminCandidacySchema)(`${BASE}/${electionId}/candidacies`),
  });
}
const CANDIDACIES = "/api/settings/election-candidacies";
export const approveCandidacy = (candidacyId: number) => http.post(`${CANDIDACIES}/${candidacyId}/approve`);
export const declineCandidacy = (candidacyId: number, reason: string) =>
  http.post(`${CANDIDACIES}/${candidacyId}/decline`, { reason });
