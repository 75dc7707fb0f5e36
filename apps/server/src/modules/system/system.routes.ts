import { publicConfigSchema } from "@portal/shared/schemas/responses";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import type { Drain } from "../../plugins/drain.ts";
import { healthOkSchema, healthProblem, healthUnavailableSchema } from "./health.ts";
import { readPublicConfig } from "./public-config.service.ts";

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

  r.get("/api/public/config", { config: open, schema: { response: { 200: publicConfigSchema } } }, () =>
    readPublicConfig(ctx),
  );
}
