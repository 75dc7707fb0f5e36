import type { AppContext } from "../../context.ts";
import { findUserById } from "../../kernel/accounts.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { deleteUserSessions } from "../../kernel/sessions.ts";
import { AppError } from "../../lib/errors.ts";
import { saveSwitch } from "../settings/settings.service.ts";
import type { Actor } from "../users/users.service.ts";
import { clearMfa } from "./mfa.service.ts";
import { EDITORS_KEY, editorsRequired } from "./mfa-policy.ts";

/**
 * The Admin resets a person's MFA (a lost phone and lost recovery codes): key and codes removed,
 * every session of theirs ended; they set it up again at their next sign-in.
 */
export async function resetUserMfa(ctx: AppContext, actor: Actor, userId: number): Promise<{ id: number }> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError(404, "NOT_FOUND");
  await clearMfa(ctx, userId, (trx) =>
    recordAudit(trx, {
      event: "mfa.reset",
      actorUserId: actor.userId,
      subjectUserId: userId,
      ip: actor.ip,
      details: { wasEnabled: user.mfa_enabled_at !== null },
    }),
  );
  await deleteUserSessions(ctx.db, userId);
  return { id: userId };
}

export async function getMfaSettings(ctx: AppContext) {
  return { editorsRequired: await editorsRequired(ctx) };
}

/** Editors' MFA switch; it applies from each Editor's next sign-in. */
export async function updateMfaSettings(ctx: AppContext, actor: Actor, input: { editorsRequired: boolean }) {
  await saveSwitch(ctx, actor, EDITORS_KEY, input.editorsRequired, { mfaEditorsRequired: input.editorsRequired });
  return getMfaSettings(ctx);
}
