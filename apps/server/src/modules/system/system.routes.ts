import { publicConfigSchema } from "@portal/shared/schemas/responses";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import type { Drain } from "../../plugins/drain.ts";
import { getIdentity, getStoredLogo } from "../settings/identity.service.ts";
import { logoUrl } from "../settings/logo-url.ts";
import { isMaintenanceOn } from "../settings/settings.service.ts";
import { healthOkSchema, healthProblem, healthUnavailableSchema } from "./health.ts";

export function systemRoutes(app: FastifyInstance, ctx: AppContext, drain: Drain): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const open = { access: "public", duringMaintenance: true } as const;

  r.get(
    "/api/health",
    { config: open, schema: { response: { 200: healthOkSchema, 503: healthUnavailableSchema } } },
    async (request, reply) => {
      const problem = await healthProblem(ctx, drain);
      if (problem === undefined) return { status: "ok" as const };
      request.log.warn(`health check: ${problem.detail}`);
      return reply.code(503).send({ status: "unavailable" as const, reason: problem.reason });
    },
  );

  // The identity an Admin set in Settings › General, else the environment's (read each time: no rebuild, no restart).
  r.get("/api/public/config", { config: open, schema: { response: { 200: publicConfigSchema } } }, async () => {
    const [identity, logo, maintenance] = await Promise.all([
      getIdentity(ctx),
      getStoredLogo(ctx),
      isMaintenanceOn(ctx),
    ]);
    return {
      branding: {
        schoolName: identity.schoolName,
        logoUrl: logoUrl(logo),
        primaryColor: identity.primaryColor,
        navColor: ctx.config.branding.navColor,
      },
      maintenance,
      registrationOpen: true,
    };
  });
}
