import type { AccountUpdateInput } from "@portal/shared/schemas/auth";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context.ts";
import { writeTransaction } from "../../db/database.ts";
import { findUserById, toCurrentUser, updateUser } from "../../kernel/accounts.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { deleteUserSessions } from "../../kernel/sessions.ts";
import { AppError } from "../../lib/errors.ts";
import type { CurrentUser } from "../../plugins/request-types.ts";
import { queueAccountMail } from "../auth/account-mail.ts";
import { assertPasswordAcceptable, ownerOf } from "../auth/password-policy.ts";
import { assertNotThrottled, countAttempt, resetThrottle, THROTTLE } from "../auth/throttle.ts";

export async function updateAccount(
  ctx: AppContext,
  user: CurrentUser,
  input: AccountUpdateInput,
): Promise<CurrentUser> {
  await updateUser(ctx.db, user.id, {
    first_surname: input.firstSurname,
    second_surname: input.secondSurname,
    names: input.names,
    phone: input.phone,
    language: input.language,
  });
  const row = await findUserById(ctx.db, user.id);
  if (!row) throw new AppError(404, "NOT_FOUND");
  return toCurrentUser(row);
}

/**
 * Needs the current password (wrong ones throttled per account); signs out every other session and
 * tells the owner by e-mail.
 */
export async function changePassword(
  ctx: AppContext,
  request: FastifyRequest,
  user: CurrentUser,
  input: { currentPassword: string; password: string },
): Promise<void> {
  // Throttled like sign-in: after 5 wrong current passwords in 15 minutes, 429 without checking.
  const subject = String(user.id);
  await assertNotThrottled(ctx.db, THROTTLE.changePasswordAccount, subject);
  const row = await findUserById(ctx.db, user.id);
  if (!row || !(await ctx.hasher.verify(row.password_hash, input.currentPassword))) {
    await countAttempt(ctx.db, THROTTLE.changePasswordAccount, subject);
    throw new AppError(400, "WRONG_CURRENT_PASSWORD", {}, { currentPassword: "" });
  }
  await resetThrottle(ctx.db, THROTTLE.changePasswordAccount, subject);
  assertPasswordAcceptable(input.password, ownerOf(row));
  const passwordHash = await ctx.hasher.hash(input.password);
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    await updateUser(trx, user.id, { password_hash: passwordHash });
    await deleteUserSessions(trx, user.id, request.session?.id);
    await recordAudit(trx, {
      event: "password.changed",
      actorUserId: user.id,
      subjectUserId: user.id,
      ip: request.ip,
    });
    await queueAccountMail(ctx, trx, row, "passwordChanged", "/login");
  });
  ctx.outbox.kick();
}
