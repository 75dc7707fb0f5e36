import type { FastifyInstance, RouteOptions } from "fastify";
import type { AppContext } from "../context.ts";
import { AppError } from "../lib/errors.ts";
import { isMaintenanceOn } from "../modules/settings/settings.service.ts";
import { addRouteCheck } from "./route-hooks.ts";

/**
 * While maintenance mode is on, only Admin reaches the API beyond the routes that let one log in.
 * Checked on the API's routes that do not stay open (added to each as it is declared).
 */
export function installMaintenanceGate(app: FastifyInstance, ctx: AppContext): void {
  app.addHook("onRoute", (route: RouteOptions) => {
    if (!route.url.startsWith("/api/") || route.config?.duringMaintenance) return;
    addRouteCheck(route, async (request) => {
      if (request.user?.role === "Admin") return;
      if (await isMaintenanceOn(ctx)) throw new AppError(503, "MAINTENANCE");
    });
  });
}
