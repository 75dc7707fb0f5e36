import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context.ts";
import { nowIso } from "../db/database.ts";
import { toCurrentUser } from "../kernel/accounts.ts";
import { cachedSession, type SessionWithUser } from "../kernel/session-cache.ts";
import { deleteSession, findSessionWithUser, insertSession, touchSession } from "../kernel/sessions.ts";
import { randomToken, sha256 } from "../lib/crypto.ts";

/** Only write last_seen_at once a minute: keeps reads from turning into writes on every request. */
const TOUCH_EVERY_MS = 60_000;
/** Time to type the second factor (or set up the authenticator) after the password. */
const PENDING_MFA_MS = 15 * 60_000;

export function sessionCookieName(ctx: AppContext): string {
  // The __Host- prefix pins the cookie to this host and path, and needs Secure: only over TLS.
  return ctx.config.secureCookies ? "__Host-portal_sid" : "portal_sid";
}

function cookieOptions(ctx: AppContext) {
  return { path: "/", httpOnly: true, sameSite: "lax" as const, secure: ctx.config.secureCookies };
}

/** Loads the session named by the cookie; expired or idle sessions are deleted on sight. */
export function installSessionLoading(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest("user", null);
  app.decorateRequest("session", null);
  app.decorateRequest("mfaPending", null);
  const name = sessionCookieName(ctx);
  // A callback hook: a session the cache holds, touched less than a minute ago, is settled without
  // a promise, as every screen's session check is.
  app.addHook("onRequest", (request, reply, done) => {
    const token = request.cookies[name];
    if (!token || token.length > 100) return done();
    const id = sha256(token);
    const cached = cachedSession(id, Date.now());
    const settled = cached
      ? applySession(ctx, request, reply, id, cached)
      : findSessionWithUser(ctx.db, id).then((found) => applySession(ctx, request, reply, id, found));
    if (settled) settled.then(() => done(), done);
    else done();
  });
}

/** Names the request's user from what the lookup found; a promise only when it has to write. */
function applySession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  id: string,
  found: SessionWithUser | undefined,
): Promise<void> | undefined {
  const now = Date.now();
  // Written so that an unreadable date (NaN) counts as expired.
  const live = found && found.times.expiresAt > now && found.times.lastSeenAt > now - ctx.config.sessionIdleMs;
  if (!live) {
    const clear = () => void reply.clearCookie(sessionCookieName(ctx), cookieOptions(ctx));
    if (found) return deleteSession(ctx.db, id).then(clear);
    clear();
    return undefined;
  }
  // A deactivated account's sessions are deleted with the deactivation; this also covers a
  // session read in the same instant, or one cached before the change was heard.
  if (found.user.activated_at === null || found.user.deactivated_at !== null) return undefined;
  if (found.session.mfa_pending === 1) {
    request.mfaPending = {
      sessionId: id,
      userId: found.user.id,
      schoolYearId: found.session.school_year_id,
      step: found.user.mfa_enabled_at ? "verify" : "enrol",
    };
    return undefined;
  }
  request.user = toCurrentUser(found.user);
  request.session = { id, schoolYearId: found.session.school_year_id, lastSeenAt: found.session.last_seen_at };
  if (now - found.times.lastSeenAt > TOUCH_EVERY_MS) return touchSession(ctx.db, id, new Date(now).toISOString());
  return undefined;
}

/** Starts a fresh session (a new random id at every login: no fixation) and sets the cookie. */
export async function startSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  opts: { userId: number; schoolYearId: number | null; mfaPending?: boolean },
): Promise<void> {
  const previous = request.cookies[sessionCookieName(ctx)];
  // A session waiting for the second factor lives minutes, not hours.
  const lifetimeMs = opts.mfaPending ? PENDING_MFA_MS : ctx.config.sessionAbsoluteMs;
  if (previous && previous.length <= 100) await deleteSession(ctx.db, sha256(previous));
  const token = randomToken(16);
  const now = Date.now();
  await insertSession(ctx.db, {
    id: sha256(token),
    user_id: opts.userId,
    school_year_id: opts.schoolYearId,
    created_at: nowIso(),
    last_seen_at: new Date(now).toISOString(),
    expires_at: new Date(now + lifetimeMs).toISOString(),
    ip: request.ip.slice(0, 64),
    user_agent: (request.headers["user-agent"] ?? "").slice(0, 255),
    mfa_pending: opts.mfaPending ? 1 : 0,
  });
  reply.setCookie(sessionCookieName(ctx), token, {
    ...cookieOptions(ctx),
    maxAge: Math.floor(lifetimeMs / 1000),
  });
}

export async function endSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const id = request.session?.id ?? request.mfaPending?.sessionId;
  if (id) await deleteSession(ctx.db, id);
  reply.clearCookie(sessionCookieName(ctx), cookieOptions(ctx));
}
