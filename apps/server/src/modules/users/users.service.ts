import { isLanguage } from "@portal/shared/languages";
import { ROLES, type Role } from "@portal/shared/roles";
import type { UserDetail, UserList, UserListItem, UserListQuery, UserState } from "@portal/shared/schemas/users";
import type { AppContext } from "../../context.ts";
import { nowIso, writeTransaction } from "../../db/database.ts";
import { activeAdminIds, findUserById, updateUser } from "../../kernel/accounts.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { deleteUserSessions } from "../../kernel/sessions.ts";
import { AppError } from "../../lib/errors.ts";
import { sendActivationLink } from "../auth/auth.service.ts";
import { resetThrottle, THROTTLE } from "../auth/throttle.ts";
import { familyRequests, familyStudents } from "./family-students.repository.ts";
import { findUserListRow, listUsers as queryUsers, type UserListRow } from "./users-list.repository.ts";

export interface Actor {
  userId: number;
  ip: string;
}

/** Changes a role, never leaving the school without an active Admin; the user signs in again. */
export async function changeRole(
  ctx: AppContext,
  actor: Actor,
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
    // An Admin cannot demote themself (another Admin must do it).
    if (userId === actor.userId && role !== user.role) throw new AppError(409, "SELF_ROLE_CHANGE");
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

function stateOf(row: UserListRow): UserState {
  if (row.deactivated_at) return "inactive";
  if (!row.activated_at) return "notActivated";
  return Number(row.locked) === 1 ? "locked" : "active";
}

function toListItem(row: UserListRow): UserListItem {
  return {
    id: row.id,
    names: row.names,
    surnames: [row.first_surname, row.second_surname].filter(Boolean).join(" "),
    email: row.email,
    role: (ROLES as readonly string[]).includes(row.role) ? (row.role as Role) : "User",
    language: isLanguage(row.language) ? row.language : "es",
    state: stateOf(row),
    createdAt: row.created_at,
    lastLoginAt: row.last_login_at,
  };
}

export async function listUsers(ctx: AppContext, query: UserListQuery): Promise<UserList> {
  const { rows, total } = await queryUsers(ctx.db, query);
  return {
    items: rows.map(toListItem),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export interface DeactivationResult {
  id: number;
  deactivated: boolean;
}

/**
 * Switches an account off: it cannot sign in, and every session it has ends at once (deleted, the
 * session cache forgotten here and, on PostgreSQL, in the other processes). Never oneself, never
 * the last active Admin. Repeating it changes nothing and writes no second audit entry.
 */
export async function deactivateUser(ctx: AppContext, actor: Actor, userId: number): Promise<DeactivationResult> {
  if (userId === actor.userId) throw new AppError(409, "SELF_DEACTIVATION");
  return writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const admins = await activeAdminIds(trx, { lock: ctx.engine === "postgres" });
    const user = await findUserById(trx, userId);
    if (!user) throw new AppError(404, "NOT_FOUND");
    if (user.deactivated_at) return { id: userId, deactivated: true };
    if (admins.includes(user.id) && admins.length <= 1) throw new AppError(409, "LAST_ADMIN_DEACTIVATION");
    await updateUser(trx, userId, { deactivated_at: nowIso() });
    await deleteUserSessions(trx, userId);
    await recordAudit(trx, {
      event: "account.deactivated",
      actorUserId: actor.userId,
      subjectUserId: userId,
      ip: actor.ip,
    });
    return { id: userId, deactivated: true };
  });
}

/** Switches a deactivated account back on; it signs in again with its own password. */
export async function reactivateUser(ctx: AppContext, actor: Actor, userId: number): Promise<DeactivationResult> {
  return writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const user = await findUserById(trx, userId);
    if (!user) throw new AppError(404, "NOT_FOUND");
    if (!user.deactivated_at) return { id: userId, deactivated: false };
    await updateUser(trx, userId, { deactivated_at: null });
    await recordAudit(trx, {
      event: "account.reactivated",
      actorUserId: actor.userId,
      subjectUserId: userId,
      ip: actor.ip,
    });
    return { id: userId, deactivated: false };
  });
}

/** A new activation e-mail (a new link, the old ones revoked) for an account never activated. */
export async function resendActivationMail(ctx: AppContext, actor: Actor, userId: number): Promise<{ id: number }> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError(404, "NOT_FOUND");
  if (user.activated_at || user.deactivated_at) throw new AppError(409, "NOT_PENDING_ACTIVATION");
  await sendActivationLink(ctx, user, (trx) =>
    recordAudit(trx, {
      event: "account.activationResent",
      actorUserId: actor.userId,
      subjectUserId: userId,
      ip: actor.ip,
    }),
  );
  return { id: userId };
}

/** Lifts the sign-in throttle of an account after failed attempts (modules/auth/throttle.ts). */
export async function unlockUser(ctx: AppContext, actor: Actor, userId: number): Promise<{ id: number }> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError(404, "NOT_FOUND");
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    await resetThrottle(trx, THROTTLE.loginAccount, user.email);
    await recordAudit(trx, {
      event: "account.unlocked",
      actorUserId: actor.userId,
      subjectUserId: userId,
      ip: actor.ip,
    });
  });
  return { id: userId };
}

/** The account detail page: the account, and for a family its students with their requests. */
export async function userDetail(ctx: AppContext, userId: number): Promise<UserDetail> {
  const [row, user] = await Promise.all([findUserListRow(ctx.db, userId), findUserById(ctx.db, userId)]);
  if (!row || !user) throw new AppError(404, "NOT_FOUND");
  const [students, requests] = await Promise.all([familyStudents(ctx.db, userId), familyRequests(ctx.db, userId)]);
  return {
    account: { ...toListItem(row), phone: user.phone, mfaEnabled: user.mfa_enabled_at !== null },
    students: students.map((student) => ({
      id: student.id,
      name: student.student_name,
      documentNumber: student.document_number,
      requests: requests
        .filter((request) => request.student_id === student.id)
        .map((request) => ({
          id: request.id,
          code: request.code,
          schoolYear: request.school_year,
          status: request.request_status,
          createdAt: request.created_at,
        })),
    })),
  };
}
