import type { AccountUpdateInput } from "@portal/shared/schemas/auth";
import { type SessionUser, sessionUserSchema } from "@portal/shared/schemas/responses";
import { useQuery } from "@tanstack/react-query";
import { http } from "../../lib/http.ts";

export const ACCOUNT_QUERY_KEY = ["account"] as const;

export function useAccount() {
  return useQuery({
    queryKey: ACCOUNT_QUERY_KEY,
    queryFn: async (): Promise<SessionUser> => sessionUserSchema.parse(await http.get("/api/account")),
  });
}

export async function updateAccount(input: AccountUpdateInput): Promise<SessionUser> {
  return sessionUserSchema.parse(await http.patch("/api/account", input));
}

export function changePassword(input: { currentPassword: string; password: string; passwordConfirmation: string }) {
  return http.post<{ ok: true }>("/api/account/password", input);
}
