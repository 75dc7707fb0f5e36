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

/** The headers every answer carries, API or not. */
export function securityHeaders(url: string, opts: { hsts: boolean }): Record<string, string> {
  return {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    ...(opts.hsts ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
    // API answers may hold personal data: never stored by the browser or a shared cache.
    ...(url.startsWith("/api/") ? { "Cache-Control": "no-store" } : {}),
  };
}

export function installSecurityHeaders(app: FastifyInstance, opts: { hsts: boolean }): void {
  app.addHook("onSend", async (request, reply, payload) => {
    reply.headers(securityHeaders(request.url, opts));
    return payload;
  });
}
