import { schoolYearSchema } from "@portal/shared/schemas/responses";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { listSchoolYears } from "./school-years.repository.ts";

export function schoolYearRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/school-years",
    {
      config: { access: "public", duringMaintenance: true },
      schema: { response: { 200: z.array(schoolYearSchema) } },
    },
    () => listSchoolYears(ctx.db),
  );
}
