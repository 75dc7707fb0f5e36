import { STEP_IDS } from "@portal/shared/enrollment-steps";
import { idParam } from "@portal/shared/schemas/fields";
import { stepDraftBodySchema, stepDraftSavedSchema, stepDraftSchema } from "@portal/shared/schemas/step-drafts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { discardStepDraft, getStepDraft, saveStepDraft } from "./step-drafts.service.ts";

const params = z.strictObject({ fileId: idParam, step: z.enum(STEP_IDS, { error: "validation.invalidType" }) });
const URL = "/api/enrollment/files/:fileId/steps/:step/draft";

/** A wizard step's unsaved typing, the family's own (step-drafts.service.ts). */
export function stepDraftRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: "enrollmentOwn" } as const;

  r.get(URL, { config, schema: { params, response: { 200: stepDraftSchema } } }, (request) =>
    getStepDraft(ctx, request.user!, request.params.fileId, request.params.step),
  );
  r.put(
    URL,
    { config, schema: { params, body: stepDraftBodySchema, response: { 200: stepDraftSavedSchema } } },
    (request) => saveStepDraft(ctx, request.user!, request.params.fileId, request.params.step, request.body),
  );
  r.delete(URL, { config, schema: { params } }, async (request, reply) => {
    await discardStepDraft(ctx, request.user!, request.params.fileId, request.params.step);
    return reply.code(204).send();
  });
}
