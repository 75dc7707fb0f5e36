import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import type { Config } from "../config.ts";
import { AppError } from "../lib/errors.ts";
import { addRouteCheck, routeMethods } from "./route-hooks.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The configured origin only: a Host header is the client's to choose, so it proves nothing. */
function ownOrigin(config: Config): string {
  return new URL(config.publicUrl).origin;
}

/**
 * Cross-site request forgery defence for state-changing requests: Fetch Metadata first
 * (`Sec-Fetch-Site` must be same-origin), then the Origin header for browsers that send no
 * metadata. A request with neither comes from a non-browser client, which CSRF cannot abuse.
 */
export function isCrossSite(request: FastifyRequest, config: Config): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const site = request.headers["sec-fetch-site"];
  if (typeof site === "string") return site !== "same-origin";
  const origin = request.headers.origin;
  if (typeof origin === "string") return origin === "null" || origin !== ownOrigin(config);
  return false;
}

/** Checked on the routes that change state; a GET route has nothing to defend. */
export function installCsrfProtection(app: FastifyInstance, config: Config): void {
  app.addHook("onRoute", (route: RouteOptions) => {
    if (routeMethods(route).every((method) => SAFE_METHODS.has(method))) return;
    addRouteCheck(route, async (request) => {
      if (isCrossSite(request, config)) throw new AppError(403, "CSRF_REJECTED");
    });
  });
}
