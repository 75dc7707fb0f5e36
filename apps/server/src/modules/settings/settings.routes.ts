import { generalSettingsSchema } from "@portal/shared/schemas/auth";
import {
  constantsInputSchema,
  generalSettingsPageSchema,
  generalSettingsQuerySchema,
  identityInputSchema,
  noticesInputSchema,
  schoolYearParamsSchema,
  yearSettingsSchema,
} from "@portal/shared/schemas/general-settings";
import { okSchema } from "@portal/shared/schemas/responses";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { uploadedFilePart } from "../../lib/upload-part.ts";
import { getGeneralSettingsPage } from "./general-settings.service.ts";
import { LOGO_MAX_BYTES, replaceLogo, updateIdentity } from "./identity.service.ts";
import { getGeneralSettings, updateGeneralSettings } from "./settings.service.ts";
import { updateYearConstants, updateYearNotices, yearSettings } from "./year-settings.service.ts";

export function settingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: "settingsManage" } as const;
  const actor = (request: { user?: { id: number } | null; ip: string }) => ({
    userId: request.user!.id,
    ip: request.ip,
  });

  r.get("/api/settings/general", { config, schema: { response: { 200: generalSettingsSchema } } }, () =>
    getGeneralSettings(ctx),
  );
  r.put(
    "/api/settings/general",
    { config, schema: { body: generalSettingsSchema, response: { 200: generalSettingsSchema } } },
    (request) => updateGeneralSettings(ctx, actor(request), request.body),
  );

  r.get(
    "/api/settings/general/page",
    { config, schema: { querystring: generalSettingsQuerySchema, response: { 200: generalSettingsPageSchema } } },
    (request) => getGeneralSettingsPage(ctx, request.query.schoolYearId),
  );
  r.put(
    "/api/settings/general/identity",
    { config, schema: { body: identityInputSchema, response: { 200: generalSettingsPageSchema } } },
    async (request) => {
      await updateIdentity(ctx, actor(request), request.body);
      return getGeneralSettingsPage(ctx);
    },
  );
  r.post("/api/settings/general/logo", { config, schema: { response: { 200: okSchema } } }, async (request) => {
    // Past the limit the part is cut short and refused with the limit in the message.
    const part = await uploadedFilePart(request, { limits: { fileSize: LOGO_MAX_BYTES } });
    await replaceLogo(ctx, actor(request), part);
    return { ok: true as const };
  });
  r.delete("/api/settings/general/logo", { config, schema: { response: { 200: okSchema } } }, async (request) => {
    await replaceLogo(ctx, actor(request));
    return { ok: true as const };
  });
  r.put(
    "/api/settings/general/years/:schoolYearId/constants",
    {
      config,
      schema: {
        params: schoolYearParamsSchema,
        body: constantsInputSchema,
        response: { 200: generalSettingsPageSchema },
      },
    },
    async (request) => {
      await updateYearConstants(ctx, actor(request), request.params.schoolYearId, request.body);
      return getGeneralSettingsPage(ctx, request.params.schoolYearId);
    },
  );
  r.put(
    "/api/settings/general/years/:schoolYearId/notices",
    {
      config,
      schema: {
        params: schoolYearParamsSchema,
        body: noticesInputSchema,
        response: { 200: generalSettingsPageSchema },
      },
    },
    async (request) => {
      await updateYearNotices(ctx, actor(request), request.params.schoolYearId, request.body);
      return getGeneralSettingsPage(ctx, request.params.schoolYearId);
    },
  );

  // The family's year (the one chosen at sign-in): the welcome and congratulations notices.
  r.get(
    "/api/enrollment/year-settings",
    { config: { access: "enrollmentOwn" }, schema: { response: { 200: yearSettingsSchema } } },
    async (request) => {
      const schoolYearId = request.session?.schoolYearId;
      if (!schoolYearId) throw new AppError(404, "NOT_FOUND");
      return yearSettings(ctx, schoolYearId);
    },
  );
}
