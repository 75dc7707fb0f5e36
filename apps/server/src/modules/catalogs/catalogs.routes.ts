import { CATALOG_NAMES } from "@portal/shared/catalogs";
import { catalogItemSchema } from "@portal/shared/schemas/responses";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { listCatalog } from "./catalogs.repository.ts";

export function catalogRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/catalogs/:name",
    {
      config: { access: "catalogsRead" },
      schema: {
        params: z.strictObject({ name: z.enum(CATALOG_NAMES, { error: "validation.invalidType" }) }),
        response: { 200: z.array(catalogItemSchema) },
      },
    },
    (request) => listCatalog(ctx.db, request.params.name, request.lang),
  );
}
