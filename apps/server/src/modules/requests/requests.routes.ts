import {
  representativeListQuerySchema,
  representativeListSchema,
  requestCodeMatchesSchema,
  requestCodeQuerySchema,
  requestListQuerySchema,
  requestListSchema,
} from "@portal/shared/schemas/requests";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { findRequestCodes } from "./request-codes.ts";
import { listRepresentatives, listRequestsJson } from "./requests.service.ts";

/** The school year chosen at login: the lists' default. Every session made by the login has one. */
export function schoolYearOf(request: FastifyRequest): number {
  const id = request.session?.schoolYearId;
  if (!id) throw new AppError(401, "UNAUTHENTICATED");
  return id;
}

/** The staff's lists, read-only: Admin, Secretaria and Consulta. */
export function requestRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: "inscriptionsView" } as const;

  r.get(
    "/api/requests",
    // The answer is JSON text the service checked against requestListSchema (the route's answer
    // schema, undeclared fields stripped) and keeps per list version: sent without a second
    // serialization (Fastify sends a string as it is), the list being the staff's busiest call
    // (docs/rules/staff-workflow.md "Request lists"). The schema here describes it (GET /api/openapi.json).
    { config, schema: { querystring: requestListQuerySchema, response: { 200: requestListSchema } } },
    async (request, reply) =>
      reply
        .type("application/json; charset=utf-8")
        .send((await listRequestsJson(ctx, schoolYearOf(request), request.query)) as never),
  );

  r.get(
    "/api/requests/codes",
    { config, schema: { querystring: requestCodeQuerySchema, response: { 200: requestCodeMatchesSchema } } },
    (request) => findRequestCodes(ctx.db, request.query.q),
  );

  r.get(
    "/api/representatives",
    { config, schema: { querystring: representativeListQuerySchema, response: { 200: representativeListSchema } } },
    (request) => listRepresentatives(ctx, schoolYearOf(request), request.query),
  );
}
