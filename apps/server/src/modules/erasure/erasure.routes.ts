import {
  erasureBodySchema,
  erasurePreviewSchema,
  erasureQuerySchema,
  erasureResultSchema,
} from "@portal/shared/schemas/erasure";
import { idParam } from "@portal/shared/schemas/fields";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { type ErasureActor, eraseFromRequest, previewFromRequest } from "./erasure.service.ts";
import { sweepErasedFiles } from "./erasure-files.ts";

const requestParams = z.strictObject({ id: idParam });

/** Files a disk refused during an erasure are retried at least hourly (docs/rules/data-protection.md "Erasure"). */
const SWEEP_EVERY_MS = 3_600_000;

/** Erasure from the staff request page (Admin, Secretaria): the preview, then the confirmed erasure. */
export function erasureRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: "applicantErasure" } as const;
  const actorOf = (request: FastifyRequest): ErasureActor => ({
    userId: request.user!.id,
    role: request.user!.role,
    ip: request.ip,
  });

  r.get(
    "/api/requests/:id/erasure",
    {
      config,
      schema: { params: requestParams, querystring: erasureQuerySchema, response: { 200: erasurePreviewSchema } },
    },
    (request) => previewFromRequest(ctx, actorOf(request), request.params.id, request.query.scope),
  );

  r.post(
    "/api/requests/:id/erasure",
    { config, schema: { params: requestParams, body: erasureBodySchema, response: { 200: erasureResultSchema } } },
    (request) => eraseFromRequest(ctx, actorOf(request), request.params.id, request.body),
  );

  const timer = setInterval(() => {
    sweepErasedFiles(ctx).catch((error: unknown) => app.log.warn({ err: error }, "erasure: file sweep failed"));
  }, SWEEP_EVERY_MS);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
}
