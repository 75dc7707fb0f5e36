import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.ts";
import { AppError } from "../lib/errors.ts";
import { isMaintenanceOn } from "../modules/settings/settings.service.ts";

/** While maintenance mode is on, only Admin reaches the API beyond the routes that let one log in. */
export function installMaintenanceGate(app: FastifyInstance, ctx: AppContext): void {
  app.addHook("onRequest", async (request) => {
    if (request.is404 || !request.url.startsWith("/api/")) return;
    if (request.routeOptions.config.duringMaintenance) return;
    if (request.user?.role === "Admin") return;
    if (await isMaintenanceOn(ctx)) throw new AppError(503, "MAINTENANCE");
  });
}
