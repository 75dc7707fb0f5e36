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
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export function installSecurityHeaders(app: FastifyInstance, opts: { hsts: boolean }): void {
  app.addHook("onSend", async (request, reply, payload) => {
    reply.header("Content-Security-Policy", CSP);
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("X-Frame-Options", "DENY");
    reply.header("Referrer-Policy", "same-origin");
    reply.header("Cross-Origin-Opener-Policy", "same-origin");
    reply.header("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (opts.hsts) reply.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    // API answers may hold personal data: never stored by the browser or a shared cache.
    if (request.url.startsWith("/api/")) reply.header("Cache-Control", "no-store");
    return payload;
  });
}
