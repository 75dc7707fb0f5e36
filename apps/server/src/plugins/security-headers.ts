import type { FastifyInstance } from "fastify";

/** No inline scripts; Mantine sets inline styles, hence style-src 'unsafe-inline'. */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const HSTS = { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" };
// API answers may hold personal data: never stored by the browser or a shared cache.
const NO_STORE = { "Cache-Control": "no-store" };

function headerSet(hsts: boolean, api: boolean): Readonly<Record<string, string>> {
  return Object.freeze({
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    ...(hsts ? HSTS : {}),
    ...(api ? NO_STORE : {}),
  });
}

// Built once (every answer carries them, the session check included), not per answer.
const SETS = {
  plain: { page: headerSet(false, false), api: headerSet(false, true) },
  hsts: { page: headerSet(true, false), api: headerSet(true, true) },
};

/** The headers every answer carries, API or not. */
export function securityHeaders(url: string, opts: { hsts: boolean }): Readonly<Record<string, string>> {
  const set = opts.hsts ? SETS.hsts : SETS.plain;
  return url.startsWith("/api/") ? set.api : set.page;
}

export function installSecurityHeaders(app: FastifyInstance, opts: { hsts: boolean }): void {
  // A callback hook rather than an async one: no promise per answer.
  app.addHook("onSend", (request, reply, payload, done) => {
    reply.headers(securityHeaders(request.url, opts));
    done(null, payload);
  });
}
