import {
  emailTextAdminListSchema,
  emailTextAdminSchema,
  emailTextDraftSchema,
  emailTextParams,
  emailTextPreviewSchema,
  emailTextResetSchema,
  emailTextSaveSchema,
} from "@portal/shared/schemas/email-texts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import {
  type Actor,
  listEmailTextsForAdmin,
  previewEmailText,
  resetEmailText,
  saveEmailText,
} from "./email-texts.service.ts";

const actorOf = (request: FastifyRequest): Actor => ({ userId: request.user!.id, ip: request.ip, lang: request.lang });

/** Settings › E-mail texts: the Admin writes each e-mail's subject and body per language. */
export function emailTextRoutes(app: FastifyInstance, ctx: AppContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: "settingsManage" } as const;
  typed.get("/api/settings/email-texts", { config, schema: { response: { 200: emailTextAdminListSchema } } }, () =>
    listEmailTextsForAdmin(ctx),
  );
  typed.put(
    "/api/settings/email-texts/:id/:language",
    { config, schema: { params: emailTextParams, body: emailTextSaveSchema, response: { 200: emailTextAdminSchema } } },
    (request) => saveEmailText(ctx, actorOf(request), request.params, request.body),
  );
  typed.post(
    "/api/settings/email-texts/:id/:language/reset",
    {
      config,
      schema: { params: emailTextParams, body: emailTextResetSchema, response: { 200: emailTextAdminSchema } },
    },
    (request) => resetEmailText(ctx, actorOf(request), request.params, request.body.expectedVersion),
  );
  typed.post(
    "/api/settings/email-texts/:id/:language/preview",
    {
      config,
      schema: { params: emailTextParams, body: emailTextDraftSchema, response: { 200: emailTextPreviewSchema } },
    },
    (request) => previewEmailText(ctx, actorOf(request), request.params, request.body),
  );
}
