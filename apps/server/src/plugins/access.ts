import { DESK_FAMILY_HEADER, DESK_FAMILY_QUERY } from "@portal/shared/desk-header";
import { rolesFor } from "@portal/shared/permissions";
import type { FastifyInstance, RouteOptions } from "fastify";
import { AppError } from "../lib/errors.ts";
import type { CurrentUser, RouteAccessDeclaration } from "./request-types.ts";
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
/**
 * The routes a staff member may call for a family at the desk, with the family's id in the
 * `x-desk-family` header (docs/rules/staff-workflow.md "Walk-in families"): the family's own
 * enrollment routes, which then run as the family's account. Everywhere else the header changes nothing.
 */
const DESK_ACCESS: ReadonlySet<RouteAccessDeclaration> = new Set(["enrollmentOwn"]);

/** Answers the family's account acting through `staff`, or refuses (403 not allowed, 404 no such desk family). */
export type DeskResolver = (staff: CurrentUser, familyHeader: string) => Promise<CurrentUser>;

/** Without `desk` (a test's bare app) the header changes nothing: staff stay refused on family routes. */
export function installAccessControl(app: FastifyInstance, registry: DeclaredRoute[], desk?: DeskResolver): void {
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
    const deskCapable = DESK_ACCESS.has(access);
    addRouteCheck(route, async (request) => {
      if (!request.user) throw new AppError(401, "UNAUTHENTICATED");
      // An image or a link (a GET the browser makes by itself) names the family in the query instead.
      const familyHeader =
        request.headers[DESK_FAMILY_HEADER] ??
        (request.method === "GET"
          ? (request.query as Record<string, unknown> | undefined)?.[DESK_FAMILY_QUERY]
          : undefined);
      if (desk && deskCapable && typeof familyHeader === "string") {
        // A new object: the session's user is shared by the session cache.
        request.user = await desk(request.user, familyHeader);
      }
      if (!roles.has(request.user.role)) throw new AppError(403, "FORBIDDEN");
    });
  });
}
