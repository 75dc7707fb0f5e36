import type { Language } from "@portal/shared/languages";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/database.ts";
import type { UserRow } from "../../kernel/accounts.ts";
import { HOUR_MS, MINUTE_MS } from "../../lib/time.ts";
import { queueMail } from "../../mail/outbox.ts";
import { renderMail, type TemplateName } from "../../mail/templates.ts";
import { getIdentity } from "../settings/identity.service.ts";
import { staffInvitationVars } from "../users/staff-invitation-mail.ts";
import { publicLink } from "./links.ts";

export const ACTIVATION_TTL_MS = 48 * HOUR_MS;
export const RESET_TTL_MS = 60 * MINUTE_MS;

/**
 * Queues an account e-mail (activation, reset, notices) in the account's language, in `db`: the
 * caller's transaction, so the mail and the token or change it carries commit together. The
 * caller kicks the outbox after the commit (sign-up never waits for SMTP).
 */
export async function queueAccountMail(
  ctx: AppContext,
  db: Db,
  user: Pick<UserRow, "email" | "names" | "language"> & { id: number },
  template: TemplateName,
  path: string,
): Promise<void> {
  const { to, subject, text, html } = await renderAccountMail(ctx, db, user, template, path);
  await queueMail(ctx, db, { kind: template, userId: user.id, to, subject, text, html });
}

/** The account e-mail queueAccountMail sends; also rendered unsent to even out an answer's time. */
export async function renderAccountMail(
  ctx: AppContext,
  db: Db,
  user: Pick<UserRow, "email" | "names" | "language"> & { id?: number },
  template: TemplateName,
  path: string,
) {
  const language = (user.language as Language) ?? "es";
  // A staff invitation names who invited and the role (Settings › Users); the id is the account's.
  const invitation =
    template === "staffInvitation" && user.id !== undefined ? await staffInvitationVars(db, user.id, language) : {};
  return renderMail({
    template,
    language,
    to: user.email,
    name: user.names,
    school: (await getIdentity(ctx, db)).schoolName,
    link: publicLink(ctx, path),
    vars: { hours: ACTIVATION_TTL_MS / HOUR_MS, minutes: RESET_TTL_MS / MINUTE_MS, ...invitation },
  });
}
