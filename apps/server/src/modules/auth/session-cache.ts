import type { Selectable } from "kysely";
import type { SessionsTable } from "../../db/types.ts";
import type { UserRow } from "../users/users.repository.ts";

/**
 * The session and user every authenticated request needs, kept in memory for a few seconds: the
 * lookup is one of the three round trips of the wizard's step save and most of a staff list's
 * per-request cost (docs/decisions.md "Session cache").
 *
 * Correctness does not rest on the time limit in this process: every write that can change what
 * is cached goes through sessions.repository (delete, touch) or users.repository (updateUser),
 * which call forget… here. The limit bounds what another process (a second server on the same
 * database) or a write racing the read it replaced can leave stale: at most SESSION_CACHE_MS.
 * Expiry and idle time are still checked on every request against the cached times.
 */
export const SESSION_CACHE_MS = 5_000;
const MAX_ENTRIES = 20_000;

export interface SessionWithUser {
  session: Selectable<SessionsTable>;
  user: UserRow;
}

const entries = new Map<string, { value: SessionWithUser; until: number }>();

export function cachedSession(id: string, now: number): SessionWithUser | undefined {
  const entry = entries.get(id);
  if (!entry) return undefined;
  if (entry.until <= now) {
    entries.delete(id);
    return undefined;
  }
  return entry.value;
}

export function rememberSession(id: string, value: SessionWithUser, now: number): void {
  // A full cache starts over rather than growing: the next requests read the database again.
  if (entries.size >= MAX_ENTRIES) entries.clear();
  entries.set(id, { value, until: now + SESSION_CACHE_MS });
}

export function forgetSession(id: string): void {
  entries.delete(id);
}

/** After a change to a user (role, language, password, activation) or to all their sessions. */
export function forgetUserSessions(userId: number): void {
  for (const [id, entry] of entries) {
    if (entry.value.user.id === userId) entries.delete(id);
  }
}

/** After a bulk delete whose rows are not known one by one. */
export function forgetAllSessions(): void {
  entries.clear();
}

/** The session's last activity moved on in the database: the cached copy follows. */
export function noteSessionSeen(id: string, lastSeenAt: string): void {
  const entry = entries.get(id);
  if (entry) entry.value = { ...entry.value, session: { ...entry.value.session, last_seen_at: lastSeenAt } };
}
