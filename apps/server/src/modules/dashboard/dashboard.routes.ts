import { dashboardQuerySchema, dashboardSchema } from "@portal/shared/schemas/dashboard";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { schoolYearOf } from "../requests/requests.routes.ts";
import { dashboardFor } from "./dashboard.service.ts";

/** The staff dashboard: Admin, Secretaria, Consulta and Editor, read-only. */
export function dashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/dashboard",
    {
      config: { access: "dashboardView" },
      schema: { querystring: dashboardQuerySchema, response: { 200: dashboardSchema } },
    },
    (request) => dashboardFor(ctx, schoolYearOf(request), request.query),
  );
}
