import type { LoginInput, RegisterInput } from "@portal/shared/schemas/auth";
import type { CaptchaChallenge, SchoolYear, SessionInfo } from "@portal/shared/schemas/responses";
import { useQuery } from "@tanstack/react-query";
import { http } from "../../../lib/http.ts";
import { queryClient } from "../../../lib/query-client.ts";

/** The auth endpoints of docs/api.md. */

export const schoolYearsQuery = {
  queryKey: ["school-years"],
  // Read as the shared type: the server's serializer checks it, and the login form needs the list
  // before zod has arrived.
  queryFn: (): Promise<SchoolYear[]> => http.get<SchoolYear[]>("/api/school-years"),
  staleTime: 5 * 60_000,
};

export function useSchoolYears() {
  return useQuery(schoolYearsQuery);
}

/** Asked with the login screen's code (app/screens.ts), not once it renders: the form waits for it. */
export function prefetchSchoolYears(): Promise<void> {
  return queryClient.prefetchQuery(schoolYearsQuery);
}

export async function login(input: LoginInput): Promise<SessionInfo> {
  // Checked like before; the schema comes with zod, in the chunk the form's validation loads.
  const [{ sessionSchema }, answer] = await Promise.all([
    import("@portal/shared/schemas/responses"),
    http.post("/api/auth/login", input),
  ]);
  return sessionSchema.parse(answer);
}

export function register(input: RegisterInput): Promise<{ ok: true }> {
  return http.post("/api/auth/register", input);
}

export function activateAccount(token: string): Promise<{ ok: true }> {
  return http.post("/api/auth/activate", { token });
}

/** An invited account: its link and the password it chooses activate it. */
export function acceptInvitation(input: { token: string; password: string; passwordConfirmation: string }) {
  return http.post<{ ok: true }>("/api/auth/invitation/accept", input);
}

/** `captcha`: the solved proof of work, once the server has asked for one (EMAIL_LINK_CAPTCHA_REQUIRED). */
export function resendActivation(email: string, captcha?: string): Promise<{ ok: true }> {
  return http.post("/api/auth/activation/resend", captcha ? { email, captcha } : { email });
}

export function requestPasswordReset(email: string, captcha?: string): Promise<{ ok: true }> {
  return http.post("/api/auth/forgot-password", captcha ? { email, captcha } : { email });
}

export function resetPassword(input: { token: string; password: string; passwordConfirmation: string }) {
  return http.post<{ ok: true }>("/api/auth/reset-password", input);
}

export function fetchCaptcha(): Promise<CaptchaChallenge> {
  return http.get("/api/auth/captcha");
}
