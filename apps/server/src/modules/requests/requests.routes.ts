import {
  representativeListQuerySchema,
  representativeListSchema,
  requestListQuerySchema,
  requestListSchema,
} from "@portal/shared/schemas/requests";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { listRepresentatives, listRequests } from "./requests.service.ts";

/** The school year chosen at login: the lists' default. Every session made by the login has one. */
export function schoolYearOf(request: FastifyRequest): number {
  const id = request.session?.schoolYearId;
  if (!id) throw new AppError(401, "UNAUTHENTICATED");
  return id;
}

/** The staff's lists (issue #4), read-only: Admin, Secretaria and Consulta. */
export function requestRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: "inscriptionsView" } as const;

  r.get(
    "/api/requests",
    { config, schema: { querystring: requestListQuerySchema, response: { 200: requestListSchema } } },
    (request) => listRequests(ctx, schoolYearOf(request), request.query),
  );

  r.get(
    "/api/representatives",
    { config, schema: { querystring: representativeListQuerySchema, response: { 200: representativeListSchema } } },
    (request) => listRepresentatives(ctx, schoolYearOf(request), request.query),
  );
}
