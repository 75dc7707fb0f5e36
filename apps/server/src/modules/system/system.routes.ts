import { publicConfigSchema } from "@portal/shared/schemas/responses";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sql } from "kysely";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { isMaintenanceOn } from "../settings/settings.service.ts";

export const LOGO_URL = "/branding/logo";

export function systemRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const open = { access: "public", duringMaintenance: true } as const;

  r.get(
    "/api/health",
    {
      config: open,
      schema: {
        response: { 200: z.object({ status: z.literal("ok") }), 503: z.object({ status: z.literal("unavailable") }) },
      },
    },
    async (request, reply) => {
      try {
        await sql`select 1`.execute(ctx.db);
        return { status: "ok" as const };
      } catch (error) {
        request.log.warn({ err: error }, "health check: database unreachable");
        return reply.code(503).send({ status: "unavailable" as const });
      }
    },
  );

  r.get("/api/public/config", { config: open, schema: { response: { 200: publicConfigSchema } } }, async () => ({
    branding: {
      schoolName: ctx.config.branding.schoolName,
      logoUrl: LOGO_URL,
      primaryColor: ctx.config.branding.primaryColor,
      navColor: ctx.config.branding.navColor,
    },
    maintenance: await isMaintenanceOn(ctx),
    registrationOpen: true,
  }));
}
