import {
  type Household,
  type HouseholdInvitationRegisterInput,
  type HouseholdInvitationView,
  householdInvitationViewSchema,
  householdSchema,
} from "@portal/shared/schemas/household";
import { type SessionInfo, sessionSchema } from "@portal/shared/schemas/responses";
import { useQuery } from "@tanstack/react-query";
import { http } from "../../lib/http.ts";

/** The family's household: its accounts and pending invitation. */
export const HOUSEHOLD_QUERY_KEY = ["household"] as const;

const parse = async (answer: Promise<unknown>): Promise<Household> => householdSchema.parse(await answer);

export function useHousehold(enabled: boolean) {
  return useQuery({ queryKey: HOUSEHOLD_QUERY_KEY, queryFn: () => parse(http.get("/api/household")), enabled });
}

export const inviteToHousehold = (email: string) => parse(http.post("/api/household/invitations", { email }));
export const revokeHouseholdInvitation = (id: number) => parse(http.delete(`/api/household/invitations/${id}`));
export const removeHouseholdAccount = (id: number) => parse(http.delete(`/api/household/accounts/${id}`));
export const joinHousehold = (token: string) => parse(http.post("/api/household/join", { token }));
export const leaveHousehold = () => http.post<{ ok: true }>("/api/household/leave", {});

/** What the invitation's link shows, signed in or not (410 once it is used, withdrawn or expired). */
export const viewHouseholdInvitation = async (token: string): Promise<HouseholdInvitationView> =>
  householdInvitationViewSchema.parse(await http.post("/api/household/invitation", { token }));

/** The invited address's account created from the link: joined, and signed in (the new session). */
export const registerFromHouseholdInvitation = async (input: HouseholdInvitationRegisterInput): Promise<SessionInfo> =>
  sessionSchema.parse(await http.post("/api/household/invitation/register", input));
