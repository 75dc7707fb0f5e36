import { rolesFor } from "@portal/shared/permissions";
import type { FastifyInstance, RouteOptions } from "fastify";
import { AppError } from "../lib/errors.ts";
import type { RouteAccessDeclaration } from "./request-types.ts";

export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccessDeclaration | undefined;
}

/**
 * Deny by default: a route whose `config.access` is missing answers 403 to everybody, and the
 * authorization test fails on it. Declared routes are listed so that test can walk them all.
 */
export function installAccessControl(app: FastifyInstance, registry: DeclaredRoute[]): void {
  app.addHook("onRoute", (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === "HEAD") continue;
      registry.push({ method, url: route.url, access: route.config?.access });
    }
  });
  app.addHook("onRequest", async (request) => {
    if (request.is404) return;
    const access = request.routeOptions.config.access;
    if (access === "public") return;
    if (!access) {
      request.log.error({ url: request.routeOptions.url }, "route without an access declaration refused");
      throw new AppError(403, "FORBIDDEN");
    }
    if (!request.user) throw new AppError(401, "UNAUTHENTICATED");
    if (!rolesFor(access).includes(request.user.role)) throw new AppError(403, "FORBIDDEN");
  });
}
