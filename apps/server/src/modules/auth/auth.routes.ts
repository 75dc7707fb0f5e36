import {
  emailLinkSchema,
  invitationAcceptSchema,
  languageSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  sessionSchoolYearSchema,
  tokenSchema,
} from "@portal/shared/schemas/auth";
import { captchaChallengeSchema, okSchema, sessionSchema } from "@portal/shared/schemas/responses";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { toCurrentUser, updateUser } from "../../kernel/accounts.ts";
import { compiledSerializerCompiler } from "../../lib/compiled-serializer.ts";
import { setLanguageCookie } from "../../plugins/language.ts";
import { signIn } from "../mfa/mfa.service.ts";
import {
  acceptInvitation,
  activate,
  forgotPassword,
  logout,
  register,
  resendActivation,
  resetPassword,
} from "./auth.service.ts";
import { newCaptchaChallenge } from "./captcha.ts";
import { sessionInfo } from "./session-info.ts";
import { switchSchoolYear } from "./session-year.ts";

const accepted = { 202: okSchema };

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const open = { access: "public", duringMaintenance: true } as const;

  // Every screen asks it: its answer, built in sessionInfo alone, is written by a compiled serialiser.
  // It is about half a kilobyte, under the compression threshold: the compression plugin's two hooks
  // per request are left out.
  r.get(
    "/api/session",
    {
      config: open,
      compress: false,
      schema: { response: { 200: sessionSchema } },
      serializerCompiler: compiledSerializerCompiler,
    },
    (request) => sessionInfo(ctx, request),
  );

  r.put(
    "/api/session/language",
    { config: open, schema: { body: languageSchema, response: { 200: sessionSchema } } },
    async (request, reply) => {
      setLanguageCookie(reply, request.body.language, ctx.config.secureCookies);
      if (request.user) {
        await updateUser(ctx.db, request.user.id, { language: request.body.language });
        request.user = { ...request.user, language: request.body.language };
      }
      request.lang = request.body.language;
      return sessionInfo(ctx, request);
    },
  );

  r.put(
    "/api/session/school-year",
    {
      config: { access: "schoolYearSwitch" },
      schema: { body: sessionSchoolYearSchema, response: { 200: sessionSchema } },
    },
    (request) => switchSchoolYear(ctx, request, request.body.schoolYearId),
  );

  r.get(
    "/api/auth/captcha",
    {
      config: open,
      schema: { response: { 200: captchaChallengeSchema } },
    },
    () => newCaptchaChallenge(ctx.captchaHmacKey),
  );

  r.post(
    "/api/auth/register",
    { config: { access: "public" }, schema: { body: registerSchema, response: accepted } },
    async (request, reply) => {
      await register(ctx, request, request.body);
      return reply.code(202).send({ ok: true });
    },
  );

  r.post(
    "/api/auth/activate",
    { config: { access: "public" }, schema: { body: tokenSchema, response: { 200: okSchema } } },
    async (request) => {
      await activate(ctx, request, request.body.token);
      return { ok: true as const };
    },
  );

  r.post(
    "/api/auth/invitation/accept",
    { config: { access: "public" }, schema: { body: invitationAcceptSchema, response: { 200: okSchema } } },
    async (request) => {
      await acceptInvitation(ctx, request, request.body.token, request.body.password);
      return { ok: true as const };
    },
  );

  r.post(
    "/api/auth/activation/resend",
    { config: { access: "public" }, schema: { body: emailLinkSchema, response: accepted } },
    async (request, reply) => {
      await resendActivation(ctx, request, request.body);
      return reply.code(202).send({ ok: true });
    },
  );

  r.post(
    "/api/auth/login",
    { config: open, schema: { body: loginSchema, response: { 200: sessionSchema } } },
    async (request, reply) => {
      const { user, mfa } = await signIn(ctx, request, reply, request.body);
      const schoolYearId = request.body.schoolYearId;
      // Waiting for the second factor: no user yet (the screen keeps the visitor's language), only
      // which step comes next.
      if (mfa) request.mfaPending = { sessionId: "", userId: user.id, schoolYearId, step: mfa };
      else {
        request.user = toCurrentUser(user);
        request.session = { id: "", schoolYearId, lastSeenAt: "" };
        request.lang = request.user.language;
      }
      return sessionInfo(ctx, request);
    },
  );

  r.post(
    "/api/auth/logout",
    { config: { access: "authenticated", duringMaintenance: true }, schema: { response: { 200: okSchema } } },
    async (request, reply) => {
      await logout(ctx, request, reply);
      return { ok: true as const };
    },
  );

  r.post(
    "/api/auth/forgot-password",
    { config: { access: "public" }, schema: { body: emailLinkSchema, response: accepted } },
    async (request, reply) => {
      await forgotPassword(ctx, request, request.body);
      return reply.code(202).send({ ok: true });
    },
  );

  r.post(
    "/api/auth/reset-password",
    { config: { access: "public" }, schema: { body: resetPasswordSchema, response: { 200: okSchema } } },
    async (request) => {
      await resetPassword(ctx, request, request.body.token, request.body.password);
      return { ok: true as const };
    },
  );
}
