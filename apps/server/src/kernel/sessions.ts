import type { Selectable } from "kysely";
import { notifyChange } from "../db/change-notifier.ts";
import type { Db } from "../db/database.ts";
import type { SessionsTable } from "../db/types.ts";
import {
  cachedSession,
  forgetAllSessions,
  forgetSession,
  forgetUserSessions,
  noteSessionSeen,
  rememberSession,
  type SessionWithUser,
  sessionCacheGeneration,
  sessionTimes,
} from "./session-cache.ts";

export async function insertSession(db: Db, session: Selectable<SessionsTable>): Promise<void> {
  await db.insertInto("sessions").values(session).execute();
}

/**
 * The session and its user (runs on every authenticated request): from the session cache when it
 * holds them, else one query whose answer the cache keeps.
 */
export async function findSessionWithUser(db: Db, id: string): Promise<SessionWithUser | undefined> {
  const now = Date.now();
  const cached = cachedSession(id, now);
  if (cached) return cached;
  const generation = sessionCacheGeneration();
  const found = await readSessionWithUser(db, id);
  if (found) rememberSession(id, found, now, generation);
  return found;
}

async function readSessionWithUser(db: Db, id: string): Promise<SessionWithUser | undefined> {
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .selectAll("users")
    .select([
      "sessions.id as s_id",
      "sessions.school_year_id as s_school_year_id",
      "sessions.created_at as s_created_at",
      "sessions.last_seen_at as s_last_seen_at",
      "sessions.expires_at as s_expires_at",
      "sessions.ip as s_ip",
      "sessions.user_agent as s_user_agent",
      "sessions.mfa_pending as s_mfa_pending",
    ])
    .where("sessions.id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  const {
    s_id,
    s_school_year_id,
    s_created_at,
    s_last_seen_at,
    s_expires_at,
    s_ip,
    s_user_agent,
    s_mfa_pending,
    ...user
  } = row;
  const session = {
    id: s_id,
    user_id: user.id,
    school_year_id: s_school_year_id,
    created_at: s_created_at,
    last_seen_at: s_last_seen_at,
    expires_at: s_expires_at,
    ip: s_ip,
    user_agent: s_user_agent,
    mfa_pending: Number(s_mfa_pending),
  };
  return { session, user, times: sessionTimes(session) };
}

export async function touchSession(db: Db, id: string, lastSeenAt: string): Promise<void> {
  await db.updateTable("sessions").set({ last_seen_at: lastSeenAt }).where("id", "=", id).execute();
  noteSessionSeen(id, lastSeenAt);
}

/** The staff's year switch: the session now lists and counts another school year. */
export async function setSessionSchoolYear(db: Db, id: string, schoolYearId: number): Promise<void> {
  // Forgotten before and after, as for a delete: no request may keep the old year cached.
  forgetSession(id);
  await db.updateTable("sessions").set({ school_year_id: schoolYearId }).where("id", "=", id).execute();
  forgetSession(id);
  await notifyChange(db, `session:${id}`);
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  // Forgotten before and after: a request reading the row meanwhile cannot keep it cached.
  forgetSession(id);
  await db.deleteFrom("sessions").where("id", "=", id).execute();
  forgetSession(id);
  await notifyChange(db, `session:${id}`);
}

/** Revokes every session of a user, or all but one (password change keeps the current one). */
export async function deleteUserSessions(db: Db, userId: number, exceptId?: string): Promise<void> {
  let query = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (exceptId) query = query.where("id", "!=", exceptId);
  forgetUserSessions(userId);
  await query.execute();
  forgetUserSessions(userId);
  await notifyChange(db, `user:${userId}`);
}

export async function deleteExpiredSessions(db: Db, nowIsoValue: string, idleCutoffIso: string): Promise<void> {
  await db
    .deleteFrom("sessions")
    .where((eb) => eb.or([eb("expires_at", "<=", nowIsoValue), eb("last_seen_at", "<=", idleCutoffIso)]))
    .execute();
  forgetAllSessions();
  await notifyChange(db, "sessions");
}
