import { translate } from "@portal/i18n/translate";
import type { Language } from "@portal/shared/languages";
import type { Db } from "../../db/database.ts";

/**
 * What a staff member's invitation e-mail names besides the school: who invited them and with which
 * role, the role in the invitee's language. The inviter is the Admin whose `account.invited` entry
 * created the account, so a resent link still names the person who asked for the account; an
 * account the audit log has no invitation for (created before it was kept) names the school office.
 */
export async function staffInvitationVars(
  db: Db,
  userId: number,
  language: Language,
): Promise<{ inviter: string; role: string }> {
  const user = await db.selectFrom("users").select("role").where("id", "=", userId).executeTakeFirst();
  const inviter = await db
    .selectFrom("audit_events")
    .innerJoin("users", "users.id", "audit_events.actor_user_id")
    .select(["users.names", "users.first_surname"])
    .where("audit_events.event", "=", "account.invited")
    .where("audit_events.subject_user_id", "=", userId)
    .orderBy("audit_events.id", "desc")
    .executeTakeFirst();
  return {
    inviter: inviter
      ? [inviter.names, inviter.first_surname].filter(Boolean).join(" ")
      : translate(language, "email:staffInvitation.inviterUnknown"),
    role: user ? translate(language, `users:roles.${user.role}`) : "",
  };
}
