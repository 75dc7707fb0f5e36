import type { InvitationInput } from "@portal/shared/schemas/auth";
import type { AppContext } from "../../context.ts";
import { writeTransaction } from "../../db/database.ts";
import { findUserByEmail, insertUser } from "../../kernel/accounts.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { randomToken } from "../../lib/crypto.ts";
import { AppError } from "../../lib/errors.ts";
import { queueInvitation } from "../auth/auth.service.ts";
import type { Actor } from "./users.service.ts";

/**
 * The Admin invites a staff member: the account is created not activated, with the hash
 * of a random secret nobody knows as its password, and an invitation e-mail in its language goes
 * out through the outbox in the same transaction. The link's page asks for a password.
 */
export async function inviteUser(ctx: AppContext, actor: Actor, input: InvitationInput): Promise<{ id: number }> {
  if (await findUserByEmail(ctx.db, input.email)) throw emailTaken();
  const passwordHash = await ctx.hasher.hash(randomToken(32));
  let id: number;
  try {
    id = await writeTransaction(ctx.db, ctx.engine, async (trx) => {
      const userId = await insertUser(trx, {
        email: input.email,
        passwordHash,
        firstSurname: input.firstSurname,
        secondSurname: input.secondSurname,
        names: input.names,
        phone: "",
        language: input.language,
        role: input.role,
        activated: false,
      });
      await recordAudit(trx, {
        event: "account.invited",
        actorUserId: actor.userId,
        subjectUserId: userId,
        ip: actor.ip,
        details: { role: input.role },
      });
      await queueInvitation(ctx, trx, { id: userId, ...input });
      return userId;
    });
  } catch (error) {
    // Two invitations for one address at once: the unique index keeps one.
    if (await findUserByEmail(ctx.db, input.email)) throw emailTaken();
    throw error;
  }
  ctx.outbox.kick();
  return { id };
}

function emailTaken(): AppError {
  return new AppError(409, "EMAIL_TAKEN", {}, { email: "" });
}
