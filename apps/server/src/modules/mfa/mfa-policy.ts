import type { Role } from "@portal/shared/roles";
import type { AppContext } from "../../context.ts";
import { readSwitch } from "../settings/settings.service.ts";

/** The roles that read minors' personal and medical data always need a second factor. */
const ALWAYS_REQUIRED: readonly Role[] = ["Admin", "Secretaria", "Consulta"];
export const EDITORS_KEY = "mfa_editors_required";

export function editorsRequired(ctx: AppContext): Promise<boolean> {
  return readSwitch(ctx, EDITORS_KEY);
}

/** Whether the account's role obliges it to use MFA (it cannot turn it off). */
export async function mfaRequiredFor(ctx: AppContext, role: Role): Promise<boolean> {
  if (ALWAYS_REQUIRED.includes(role)) return true;
  return role === "Editor" && (await editorsRequired(ctx));
}
