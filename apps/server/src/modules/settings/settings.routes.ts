import { generalSettingsSchema } from "@portal/shared/schemas/auth";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { getGeneralSettings, updateGeneralSettings } from "./settings.service.ts";

export function settingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: "settingsManage" } as const;
  r.get("/api/settings/general", { config, schema: { response: { 200: generalSettingsSchema } } }, () =>
    getGeneralSettings(ctx),
  );
  r.put(
    "/api/settings/general",
    { config, schema: { body: generalSettingsSchema, response: { 200: generalSettingsSchema } } },
    (request) => updateGeneralSettings(ctx, { userId: request.user!.id, ip: request.ip }, request.body),
  );
}
