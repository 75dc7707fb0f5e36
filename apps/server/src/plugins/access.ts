import { rolesFor } from "@portal/shared/permissions";
import type { FastifyInstance, RouteOptions } from "fastify";
import { AppError } from "../lib/errors.ts";
import type { RouteAccessDeclaration } from "./request-types.ts";
import { addRouteCheck, routeMethods } from "./route-hooks.ts";

export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccessDeclaration | undefined;
}

/**
 * Deny by default: a route whose `config.access` is missing answers 403 to everybody, and the
 * authorization test fails on it. Declared routes are listed so that test can walk them all. The
 * check is added to each non-public route as it is declared, so it must be installed before any
 * route (app.ts); public routes skip it.
 */
export function installAccessControl(app: FastifyInstance, registry: DeclaredRoute[]): void {
  app.addHook("onRoute", (route: RouteOptions) => {
    const access = route.config?.access;
    for (const method of routeMethods(route)) {
      if (method === "HEAD") continue;
      registry.push({ method, url: route.url, access });
    }
    if (access === "public") return;
    if (!access) {
      addRouteCheck(route, async (request) => {
        request.log.error({ url: request.routeOptions.url }, "route without an access declaration refused");
        throw new AppError(403, "FORBIDDEN");
      });
      return;
    }
    const roles = new Set<string>(rolesFor(access));
    addRouteCheck(route, async (request) => {
      if (!request.user) throw new AppError(401, "UNAUTHENTICATED");
      if (!roles.has(request.user.role)) throw new AppError(403, "FORBIDDEN");
    });
  });
}
