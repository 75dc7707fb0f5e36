import { idParam } from "@portal/shared/schemas/fields";
import {
  bulkActionSchema,
  bulkResultSchema,
  internalReviewSchema,
  requestActionSchema,
  requestDetailSchema,
} from "@portal/shared/schemas/workflow";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { publicLink } from "../auth/links.ts";
import {
  applyAction,
  applyBulkAction,
  type ChangeMeta,
  getRequestDetail,
  setInternalReview,
} from "./workflow.service.ts";

/** Where the family's e-mails send them: the welcome cards (the correction message is there). */
const WELCOME_PATH = "/portal/inscripciones/bienvenido";
const requestParams = z.strictObject({ id: idParam });

/** The staff workflow: a request's detail (inscriptionsView) and its changes (inscriptionsManage). */
export function workflowRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const view = { access: "inscriptionsView" } as const;
  const manage = { access: "inscriptionsManage" } as const;
  const meta = (request: FastifyRequest): ChangeMeta => ({
    lang: request.lang,
    ip: request.ip,
    log: request.log,
    portalLink: publicLink(ctx, WELCOME_PATH),
  });

  r.get(
    "/api/requests/:id",
    { config: view, schema: { params: requestParams, response: { 200: requestDetailSchema } } },
    (request) => getRequestDetail(ctx, request.user!, request.params.id),
  );

  r.post(
    "/api/requests/:id/actions",
    {
      config: manage,
      schema: { params: requestParams, body: requestActionSchema, response: { 200: requestDetailSchema } },
    },
    (request) => applyAction(ctx, request.user!, meta(request), request.params.id, request.body),
  );

  r.post(
    "/api/requests/bulk-actions",
    {
      config: manage,
      // Spec 5: an empty selection is answered with 'You must select one or more records'.
      preValidation: async (request) => {
        const body = request.body as { ids?: unknown } | null | undefined;
        if (body && typeof body === "object" && Array.isArray(body.ids) && body.ids.length === 0) {
          throw new AppError(400, "NO_RECORDS_SELECTED");
        }
      },
      schema: { body: bulkActionSchema, response: { 200: bulkResultSchema } },
    },
    (request) => applyBulkAction(ctx, request.user!, meta(request), request.body),
  );

  r.put(
    "/api/requests/:id/internal-review",
    {
      config: manage,
      schema: { params: requestParams, body: internalReviewSchema, response: { 200: requestDetailSchema } },
    },
    (request) => setInternalReview(ctx, request.user!, meta(request), request.params.id, request.body),
  );
}
