import { STEP_IDS } from "@portal/shared/enrollment-steps";
import { stepDataSchema } from "@portal/shared/schemas/enrollment-responses";
import { idParam } from "@portal/shared/schemas/fields";
import { requestModuleSchema, staffStepSavedSchema, staffStepSaveSchema } from "@portal/shared/schemas/request-steps";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { contentDisposition } from "../../lib/content-disposition.ts";
import {
  getRequestModule,
  getRequestStep,
  openRequestUpload,
  type StaffMeta,
  saveRequestStep,
} from "./request-steps.service.ts";

const requestParams = z.strictObject({ id: idParam });
const stepParams = z.strictObject({ id: idParam, step: z.enum(STEP_IDS, { error: "validation.invalidType" }) });
const uploadParams = z.strictObject({ id: idParam, uploadId: idParam });

/** The staff's module pages: a sent record's steps, viewed (inscriptionsView) and edited (inscriptionsManage). */
export function requestStepRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const view = { access: "inscriptionsView" } as const;
  const manage = { access: "inscriptionsManage" } as const;
  const meta = (request: FastifyRequest): StaffMeta => ({ lang: request.lang, ip: request.ip });

  r.get(
    "/api/requests/:id/module",
    { config: view, schema: { params: requestParams, response: { 200: requestModuleSchema } } },
    (request) => getRequestModule(ctx, request.user!, request.params.id),
  );

  r.get(
    "/api/requests/:id/steps/:step",
    { config: view, schema: { params: stepParams, response: { 200: stepDataSchema } } },
    (request) => getRequestStep(ctx, request.user!, meta(request), request.params.id, request.params.step),
  );

  r.put(
    "/api/requests/:id/steps/:step",
    {
      config: manage,
      schema: { params: stepParams, body: staffStepSaveSchema, response: { 200: staffStepSavedSchema } },
    },
    (request) =>
      saveRequestStep(ctx, request.user!, meta(request), request.params.id, request.params.step, request.body),
  );

  r.get(
    "/api/requests/:id/uploads/:uploadId",
    { config: view, schema: { params: uploadParams } },
    async (request, reply) => {
      const { id, uploadId } = request.params;
      const { row, stream } = await openRequestUpload(ctx, request.user!, meta(request), id, uploadId);
      return reply
        .type(row.content_type)
        .header("Content-Disposition", contentDisposition("inline", row.original_name))
        .send(stream());
    },
  );

  // The PDF as the family sent it, when the school keeps originals. Never inline (it may
  // hold a script), only the Admin, audited.
  r.get(
    "/api/requests/:id/uploads/:uploadId/original",
    { config: { access: "uploadOriginalsRead" }, schema: { params: uploadParams } },
    async (request, reply) => {
      const { id, uploadId } = request.params;
      const { row, stream } = await openRequestUpload(ctx, request.user!, meta(request), id, uploadId, "original");
      return reply
        .type("application/octet-stream")
        .header("Content-Disposition", contentDisposition("attachment", `original-${row.original_name}`))
        .send(stream());
    },
  );
}
