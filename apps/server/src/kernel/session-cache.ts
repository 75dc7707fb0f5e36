import type { Selectable } from "kysely";
import type { SessionsTable, UsersTable } from "../db/types.ts";

/**
 * The session and user every authenticated request needs, kept in memory for a few seconds: the
 * lookup is one of the three round trips of the wizard's step save and most of a staff list's
 * per-request cost (docs/adr/0004-session-cache-across-processes.md "Decision").
 *
 * Correctness does not rest on the time limit: every write that can change what is cached goes
 * through sessions.repository (delete, touch) or users.repository (updateUser), which call forget…
 * here and, on PostgreSQL, notify every other process, whose cache-sync.ts calls forget… there.
 * While a process cannot hear those notifications its cache is suspended. A read that a forget
 * overtook is not kept (the generation). The limit remains a backstop: at most SESSION_CACHE_MS.
 * Expiry and idle time are still checked on every request against the cached times.
 */
export const SESSION_CACHE_MS = 5_000;
const MAX_ENTRIES = 20_000;

export interface SessionWithUser {
  session: Selectable<SessionsTable>;
  user: Selectable<UsersTable>;
  /**
   * The session's expiry and last activity as epoch ms, parsed once per read: every request
   * compares them with the clock, and formatting the clock as an ISO string for a string
   * comparison was the session check's largest cost of its own.
   */
  times: { expiresAt: number; lastSeenAt: number };
}

/** `times` of a session row (an unreadable date gives NaN, which no liveness check passes). */
export function sessionTimes(session: { expires_at: string; last_seen_at: string }): SessionWithUser["times"] {
  return { expiresAt: Date.parse(session.expires_at), lastSeenAt: Date.parse(session.last_seen_at) };
}

const entries = new Map<string, { value: SessionWithUser; until: number }>();
/** Moves on every forget: a read that started before one may hold what was just forgotten. */
let generation = 0;
/** How many change listeners are down (PostgreSQL): while any is, nothing is cached. */
let suspended = 0;

export function sessionCacheGeneration(): number {
  return generation;
}

export function cachedSession(id: string, now: number): SessionWithUser | undefined {
  if (suspended > 0) return undefined;
  const entry = entries.get(id);
  if (!entry) return undefined;
  if (entry.until <= now) {
    entries.delete(id);
    return undefined;
  }
  return entry.value;
}

/** Keeps what a read found, unless something was forgotten since the read began (`readGeneration`). */
export function rememberSession(id: string, value: SessionWithUser, now: number, readGeneration: number): void {
  if (suspended > 0 || readGeneration !== generation) return;
  // A full cache starts over rather than growing: the next requests read the database again.
  if (entries.size >= MAX_ENTRIES) entries.clear();
  entries.set(id, { value, until: now + SESSION_CACHE_MS });
}

export function forgetSession(id: string): void {
  generation++;
  entries.delete(id);
}

/** After a change to a user (role, language, password, activation) or to all their sessions. */
export function forgetUserSessions(userId: number): void {
  generation++;
  for (const [id, entry] of entries) {
    if (entry.value.user.id === userId) entries.delete(id);
  }
}

/** After a bulk delete whose rows are not known one by one. */
export function forgetAllSessions(): void {
  generation++;
  entries.clear();
}

/** A change listener lost its connection: another process's logout could go unheard. */
export function suspendSessionCache(): void {
  suspended++;
  forgetAllSessions();
}

/** Listening again: what was cached before is forgotten, as changes may have been missed meanwhile. */
export function resumeSessionCache(): void {
  suspended--;
  forgetAllSessions();
}

/** The session's last activity moved on in the database: the cached copy follows. */
export function noteSessionSeen(id: string, lastSeenAt: string): void {
  const entry = entries.get(id);
  if (!entry) return;
  const session = { ...entry.value.session, last_seen_at: lastSeenAt };
  entry.value = { ...entry.value, session, times: sessionTimes(session) };
}
