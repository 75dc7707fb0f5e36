import type { Role } from "@portal/shared/roles";
import type { InvitationInput } from "@portal/shared/schemas/auth";
import { type UserList, userListSchema } from "@portal/shared/schemas/users";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { http } from "../../lib/http.ts";

export const USERS_QUERY_KEY = ["users"] as const;

/** One page of the accounts list; `apiQuery` is the URL's query string (same names as the API's). */
export function useUserList(apiQuery: string) {
  return useQuery({
    queryKey: [...USERS_QUERY_KEY, apiQuery],
    queryFn: async (): Promise<UserList> => userListSchema.parse(await http.get(`/api/users?${apiQuery}`)),
    placeholderData: keepPreviousData,
  });
}

export function setUserDeactivated(id: number, deactivated: boolean) {
  return http.post<{ id: number; deactivated: boolean }>(
    `/api/users/${id}/${deactivated ? "deactivate" : "reactivate"}`,
  );
}

export function changeUserRole(id: number, role: Role) {
  return http.put<{ id: number; role: Role }>(`/api/users/${id}/role`, { role });
}

/** The Admin's one-off actions on an account: a new activation e-mail, or lifting the sign-in throttle. */
export type AccountAction = "activation-mail" | "unlock";

export function runAccountAction(id: number, action: AccountAction) {
  return http.post<{ id: number }>(`/api/users/${id}/${action}`);
}

export function inviteStaff(input: InvitationInput) {
  return http.post<{ id: number }>("/api/users/invitations", input);
}
