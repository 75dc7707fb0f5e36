import type { FastifyReply, FastifyRequest, RouteOptions } from "fastify";

type Check = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Adds an onRequest check to one route, from an onRoute hook ("hooks that do nothing on
 * routes that do not need them"): a check that would return at once on a route (CSRF on a GET,
 * access on a public route, maintenance on one that stays open) is not run there at all. Route
 * hooks run after the app's (the session and the language are known) in the order they are added.
 */
export function addRouteCheck(route: RouteOptions, check: Check): void {
  const existing = route.onRequest;
  const before = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  route.onRequest = [...before, check] as RouteOptions["onRequest"];
}

/** The route's methods, one per entry. */
export function routeMethods(route: RouteOptions): string[] {
  return Array.isArray(route.method) ? route.method : [route.method];
}
