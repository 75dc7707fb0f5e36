import {
  type MfaSetup,
  type MfaStatus,
  mfaRecoveryCodesSchema,
  mfaSetupSchema,
  mfaStatusSchema,
} from "@portal/shared/schemas/mfa";
import { type SessionInfo, sessionSchema } from "@portal/shared/schemas/responses";
import { http } from "../../../lib/http.ts";

/** The MFA endpoints of docs/api.md. */

/** The sign-in's second step: a key to set up (first sign-in after MFA became required). */
export async function startSignInSetup(): Promise<MfaSetup> {
  return mfaSetupSchema.parse(await http.post("/api/auth/mfa/setup"));
}

export async function confirmSignInSetup(code: string): Promise<{ recoveryCodes: string[]; session: SessionInfo }> {
  return mfaRecoveryCodesSchema
    .extend({ session: sessionSchema })
    .parse(await http.post("/api/auth/mfa/confirm", { code }));
}

export async function verifySignIn(code: string): Promise<SessionInfo> {
  return sessionSchema.parse(await http.post("/api/auth/mfa/verify", { code }));
}

export const MFA_STATUS_QUERY_KEY = ["account", "mfa"] as const;

export async function fetchMfaStatus(): Promise<MfaStatus> {
  return mfaStatusSchema.parse(await http.get("/api/account/mfa"));
}

export async function startAccountSetup(): Promise<MfaSetup> {
  return mfaSetupSchema.parse(await http.post("/api/account/mfa/setup"));
}

export async function confirmAccountSetup(code: string): Promise<string[]> {
  return mfaRecoveryCodesSchema.parse(await http.post("/api/account/mfa/confirm", { code })).recoveryCodes;
}

export function disableAccountMfa(currentPassword: string): Promise<{ ok: true }> {
  return http.post("/api/account/mfa/disable", { currentPassword });
}
