import {
  dataRightsActionSchema,
  dataRightsFilingSchema,
  dataRightsIdParams,
  dataRightsQueueQuerySchema,
  dataRightsQueueSchema,
  familyDataRightsRequestSchema,
  familyDataRightsSchema,
  staffDataRightsDetailSchema,
} from "@portal/shared/schemas/data-rights";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { familyDataRights, fileDataRightsRequest } from "./data-rights.service.ts";
import { actOnDataRightsRequest, dataRightsQueue, dataRightsRequest } from "./data-rights-queue.service.ts";

/** Data-rights requests (LOPDP arts. 13–17; docs/rules/data-protection.md): the family's and the staff's. */
export function dataRightsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const own = { access: "dataRightsOwn" } as const;
  const manage = { access: "dataRightsManage" } as const;

  r.get("/api/account/data-rights", { config: own, schema: { response: { 200: familyDataRightsSchema } } }, (request) =>
    familyDataRights(ctx, request.user!),
  );

  r.post(
    "/api/account/data-rights",
    { config: own, schema: { body: dataRightsFilingSchema, response: { 201: familyDataRightsRequestSchema } } },
    async (request, reply) =>
      reply.code(201).send(await fileDataRightsRequest(ctx, request.user!, { ip: request.ip }, request.body)),
  );

  r.get(
    "/api/data-rights-requests",
    { config: manage, schema: { querystring: dataRightsQueueQuerySchema, response: { 200: dataRightsQueueSchema } } },
    (request) => dataRightsQueue(ctx, request.query),
  );

  r.get(
    "/api/data-rights-requests/:id",
    { config: manage, schema: { params: dataRightsIdParams, response: { 200: staffDataRightsDetailSchema } } },
    (request) => dataRightsRequest(ctx, request.params.id),
  );

  r.post(
    "/api/data-rights-requests/:id/actions",
    {
      config: manage,
      schema: {
        params: dataRightsIdParams,
        body: dataRightsActionSchema,
        response: { 200: staffDataRightsDetailSchema },
      },
    },
    (request) => actOnDataRightsRequest(ctx, request.user!, { ip: request.ip }, request.params.id, request.body),
  );
}
