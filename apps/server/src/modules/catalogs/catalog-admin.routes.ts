import {
  catalogAdminItemSchema,
  catalogAdminViewSchema,
  catalogItemCreateSchema,
  catalogItemParams,
  catalogItemRenameSchema,
  catalogItemStateSchema,
  catalogOrderSchema,
  catalogParams,
} from "@portal/shared/schemas/catalog-admin";
import { okSchema } from "@portal/shared/schemas/responses";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import {
  type Actor,
  catalogAdminView,
  createCatalogItem,
  deleteCatalogItem,
  renameCatalogItem,
  reorderCatalog,
  setCatalogItemState,
} from "./catalog-admin.service.ts";

const actorOf = (request: FastifyRequest): Actor => ({
  userId: request.user!.id,
  ip: request.ip,
  language: request.lang,
});
const config = { access: "settingsManage" } as const;

/** Settings › Catalogues, Admin only: docs/api.md "Settings › Catalogues". */
export function catalogAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    "/api/catalogs/:name/items",
    { config, schema: { params: catalogParams, response: { 200: catalogAdminViewSchema } } },
    (request) => catalogAdminView(ctx.db, request.params.name),
  );
  typed.post(
    "/api/catalogs/:name/items",
    {
      config,
      schema: { params: catalogParams, body: catalogItemCreateSchema, response: { 201: catalogAdminItemSchema } },
    },
    async (request, reply) => {
      const item = await createCatalogItem(ctx, actorOf(request), request.params.name, request.body);
      return reply.code(201).send(item);
    },
  );
  typed.put(
    "/api/catalogs/:name/items/:id",
    {
      config,
      schema: { params: catalogItemParams, body: catalogItemRenameSchema, response: { 200: catalogAdminItemSchema } },
    },
    (request) => renameCatalogItem(ctx, actorOf(request), request.params.name, request.params.id, request.body),
  );
  typed.put(
    "/api/catalogs/:name/items/:id/state",
    {
      config,
      schema: { params: catalogItemParams, body: catalogItemStateSchema, response: { 200: catalogAdminItemSchema } },
    },
    (request) => setCatalogItemState(ctx, actorOf(request), request.params.name, request.params.id, request.body),
  );
  typed.put(
    "/api/catalogs/:name/order",
    {
      config,
      schema: { params: catalogParams, body: catalogOrderSchema, response: { 200: catalogAdminViewSchema } },
    },
    (request) => reorderCatalog(ctx, actorOf(request), request.params.name, request.body),
  );
  typed.delete(
    "/api/catalogs/:name/items/:id",
    { config, schema: { params: catalogItemParams, response: { 200: okSchema } } },
    async (request) => {
      await deleteCatalogItem(ctx, actorOf(request), request.params.name, request.params.id);
      return { ok: true as const };
    },
  );
}
