import { accountUpdateSchema, changePasswordSchema } from "@portal/shared/schemas/auth";
import { okSchema, sessionUserSchema } from "@portal/shared/schemas/responses";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { setLanguageCookie } from "../../plugins/language.ts";
import { changePassword, updateAccount } from "./account.service.ts";

export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: "accountManage" } as const;

  r.get("/api/account", { config, schema: { response: { 200: sessionUserSchema } } }, (request) => request.user!);

  r.patch(
    "/api/account",
    { config, schema: { body: accountUpdateSchema, response: { 200: sessionUserSchema } } },
    async (request, reply) => {
      const user = await updateAccount(ctx, request.user!, request.body);
      setLanguageCookie(reply, user.language, ctx.config.secureCookies);
      return user;
    },
  );

  r.post(
    "/api/account/password",
    { config, schema: { body: changePasswordSchema, response: { 200: okSchema } } },
    async (request) => {
      await changePassword(ctx, request, request.user!, request.body);
      return { ok: true as const };
    },
  );
}
