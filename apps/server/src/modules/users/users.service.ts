import type { Role } from "@portal/shared/roles";
import type { AppContext } from "../../context.ts";
import { writeTransaction } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { recordAudit } from "../audit/audit.repository.ts";
import { deleteUserSessions } from "../auth/sessions.repository.ts";
import { activeAdminIds, findUserById, updateUser } from "./users.repository.ts";

/** Changes a role, never leaving the school without an active Admin; the user signs in again. */
export async function changeRole(
  ctx: AppContext,
  actor: { userId: number; ip: string },
  userId: number,
  role: Role,
): Promise<{ id: number; role: Role }> {
  // One transaction, the Admins read (and on PostgreSQL locked) first: two Admins demoting each
  // other at the same moment cannot both pass the check. SQLite runs one write transaction at a time.
  return writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const admins = await activeAdminIds(trx, { lock: ctx.engine === "postgres" });
    const user = await findUserById(trx, userId);
    if (!user) throw new AppError(404, "NOT_FOUND");
    if (role !== "Admin" && admins.includes(user.id) && admins.length <= 1) {
      throw new AppError(409, "LAST_ADMIN");
    }
    if (user.role !== role) {
      await updateUser(trx, userId, { role });
      // New permissions apply from the next sign-in: no session keeps powers it should not have.
      await deleteUserSessions(trx, userId);
      await recordAudit(trx, {
        event: "role.changed",
        actorUserId: actor.userId,
        subjectUserId: userId,
        ip: actor.ip,
        details: { from: user.role, to: role },
      });
    }
    return { id: userId, role };
  });
}
