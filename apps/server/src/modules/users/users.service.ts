import type { Role } from "@portal/shared/roles";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { recordAudit } from "../audit/audit.repository.ts";
import { deleteUserSessions } from "../auth/sessions.repository.ts";
import { countActiveAdmins, findUserById, updateUser } from "./users.repository.ts";

/** Changes a role, never leaving the school without an Admin; the user signs in again. */
export async function changeRole(
  ctx: AppContext,
  actor: { userId: number; ip: string },
  userId: number,
  role: Role,
): Promise<{ id: number; role: Role }> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError(404, "NOT_FOUND");
  if (user.role === "Admin" && role !== "Admin" && (await countActiveAdmins(ctx.db)) <= 1) {
    throw new AppError(409, "LAST_ADMIN");
  }
  if (user.role !== role) {
    await updateUser(ctx.db, userId, { role });
    // New permissions apply from the next sign-in: no session keeps powers it should not have.
    await deleteUserSessions(ctx.db, userId);
    await recordAudit(ctx.db, {
      event: "role.changed",
      actorUserId: actor.userId,
      subjectUserId: userId,
      ip: actor.ip,
      details: { from: user.role, to: role },
    });
  }
  return { id: userId, role };
}
