import {
  statusParams,
  statusTextAdminListSchema,
  statusTextAdminSchema,
  statusTextResetSchema,
  statusTextSaveSchema,
  statusTextsSchema,
} from "@portal/shared/schemas/status-texts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import {
  type Actor,
  listStatusTextsForAdmin,
  publicStatusTexts,
  resetStatusText,
  saveStatusText,
} from "./status-texts.service.ts";

const actorOf = (request: FastifyRequest): Actor => ({ userId: request.user!.id, ip: request.ip, lang: request.lang });

/** Settings › Request statuses: the Admin edits the words; everyone signed in reads them. */
export function statusTextRoutes(app: FastifyInstance, ctx: AppContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    "/api/status-texts",
    { config: { access: "authenticated" }, schema: { response: { 200: statusTextsSchema } } },
    () => publicStatusTexts(ctx),
  );
  typed.get(
    "/api/settings/status-texts",
    { config: { access: "settingsManage" }, schema: { response: { 200: statusTextAdminListSchema } } },
    () => listStatusTextsForAdmin(ctx),
  );
  typed.put(
    "/api/settings/status-texts/:status",
    {
      config: { access: "settingsManage" },
      schema: { params: statusParams, body: statusTextSaveSchema, response: { 200: statusTextAdminSchema } },
    },
    (request) => saveStatusText(ctx, actorOf(request), request.params.status, request.body),
  );
  typed.post(
    "/api/settings/status-texts/:status/reset",
    {
      config: { access: "settingsManage" },
      schema: { params: statusParams, body: statusTextResetSchema, response: { 200: statusTextAdminSchema } },
    },
    (request) => resetStatusText(ctx, actorOf(request), request.params.status, request.body.expectedVersion),
  );
}
