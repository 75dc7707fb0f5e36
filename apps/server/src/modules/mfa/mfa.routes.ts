import { userIdParams } from "@portal/shared/schemas/auth";
import {
  mfaCodeSchema,
  mfaDisableSchema,
  mfaRecoveryCodesSchema,
  mfaSettingsSchema,
  mfaSetupSchema,
  mfaStatusSchema,
} from "@portal/shared/schemas/mfa";
import { okSchema, sessionSchema } from "@portal/shared/schemas/responses";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { toCurrentUser, type UserRow } from "../../kernel/accounts.ts";
import { sessionInfo } from "../auth/session-info.ts";
import {
  beginAccountEnrolment,
  beginSignInEnrolment,
  confirmAccountEnrolment,
  confirmSignInEnrolment,
  disableOwnMfa,
  mfaStatus,
  verifySignIn,
} from "./mfa.service.ts";
import { getMfaSettings, resetUserMfa, updateMfaSettings } from "./mfa-admin.service.ts";

/** After the second factor: the request now speaks for the fully signed-in user. */
function signedIn(ctx: AppContext, request: FastifyRequest, user: UserRow) {
  const schoolYearId = request.mfaPending?.schoolYearId ?? null;
  request.mfaPending = null;
  request.user = toCurrentUser(user);
  request.session = { id: "", schoolYearId, lastSeenAt: "" };
  request.lang = request.user.language;
  return sessionInfo(ctx, request);
}

const actorOf = (request: FastifyRequest) => ({ userId: request.user!.id, ip: request.ip });

export function mfaRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The sign-in's second step: public routes, as only a session waiting for it may use them (the
  // service answers 401 to anybody else). A full session is no use here either.
  const step = { access: "public", duringMaintenance: true } as const;

  r.post("/api/auth/mfa/setup", { config: step, schema: { response: { 200: mfaSetupSchema } } }, (request) =>
    beginSignInEnrolment(ctx, request),
  );

  r.post(
    "/api/auth/mfa/confirm",
    {
      config: step,
      schema: {
        body: mfaCodeSchema,
        response: { 200: mfaRecoveryCodesSchema.extend({ session: sessionSchema }) },
      },
    },
    async (request, reply) => {
      const { user, recoveryCodes } = await confirmSignInEnrolment(ctx, request, reply, request.body.code);
      return { recoveryCodes, session: await signedIn(ctx, request, user) };
    },
  );

  r.post(
    "/api/auth/mfa/verify",
    { config: step, schema: { body: mfaCodeSchema, response: { 200: sessionSchema } } },
    async (request, reply) => signedIn(ctx, request, await verifySignIn(ctx, request, reply, request.body.code)),
  );

  const own = { access: "accountManage" } as const;
  r.get("/api/account/mfa", { config: own, schema: { response: { 200: mfaStatusSchema } } }, (request) =>
    mfaStatus(ctx, request.user!.id),
  );
  r.post("/api/account/mfa/setup", { config: own, schema: { response: { 200: mfaSetupSchema } } }, (request) =>
    beginAccountEnrolment(ctx, request.user!.id),
  );
  r.post(
    "/api/account/mfa/confirm",
    { config: own, schema: { body: mfaCodeSchema, response: { 200: mfaRecoveryCodesSchema } } },
    async (request) => ({
      recoveryCodes: await confirmAccountEnrolment(ctx, request, request.user!.id, request.body.code),
    }),
  );
  r.post(
    "/api/account/mfa/disable",
    { config: own, schema: { body: mfaDisableSchema, response: { 200: okSchema } } },
    async (request) => {
      await disableOwnMfa(ctx, request, request.user!.id, request.body.currentPassword);
      return { ok: true as const };
    },
  );

  r.post(
    "/api/users/:id/mfa/reset",
    {
      config: { access: "usersManage" },
      schema: { params: userIdParams, response: { 200: z.object({ id: z.number() }) } },
    },
    (request) => resetUserMfa(ctx, actorOf(request), request.params.id),
  );

  const settings = { access: "settingsManage" } as const;
  r.get("/api/settings/mfa", { config: settings, schema: { response: { 200: mfaSettingsSchema } } }, () =>
    getMfaSettings(ctx),
  );
  r.put(
    "/api/settings/mfa",
    { config: settings, schema: { body: mfaSettingsSchema, response: { 200: mfaSettingsSchema } } },
    (request) => updateMfaSettings(ctx, actorOf(request), request.body),
  );
}
