import {
  householdIdParams,
  householdInvitationRegisterSchema,
  householdInvitationViewSchema,
  householdInviteSchema,
  householdJoinSchema,
  householdSchema,
} from "@portal/shared/schemas/household";
import { okSchema, sessionSchema } from "@portal/shared/schemas/responses";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { findUserById, toCurrentUser } from "../../kernel/accounts.ts";
import { sessionInfo } from "../auth/session-info.ts";
import { getHousehold, invite, join, leave, removeMember, revokeInvitation } from "./household.service.ts";
import { registerFromInvitation, viewInvitation } from "./invitation-landing.service.ts";

/** The family's household: its accounts, the second parent's invitation, joining, leaving. */
export function householdRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: "householdManage" } as const;
  const response = { 200: householdSchema };

  r.get("/api/household", { config, schema: { response } }, (request) => getHousehold(ctx, request.user!));

  r.post("/api/household/invitations", { config, schema: { body: householdInviteSchema, response } }, (request) =>
    invite(ctx, request, request.user!, request.body.email),
  );

  r.delete("/api/household/invitations/:id", { config, schema: { params: householdIdParams, response } }, (request) =>
    revokeInvitation(ctx, request, request.user!, request.params.id),
  );

  r.delete("/api/household/accounts/:id", { config, schema: { params: householdIdParams, response } }, (request) =>
    removeMember(ctx, request, request.user!, request.params.id),
  );

  r.post("/api/household/join", { config, schema: { body: householdJoinSchema, response } }, (request) =>
    join(ctx, request, request.user!, request.body.token),
  );

  // The invitation's link, opened by anyone (signed in or not): the token travels in the body, never
  // in a URL the request log would keep.
  r.post(
    "/api/household/invitation",
    {
      config: { access: "public" },
      schema: { body: householdJoinSchema, response: { 200: householdInvitationViewSchema } },
    },
    (request) => viewInvitation(ctx, request.body.token),
  );

  r.post(
    "/api/household/invitation/register",
    {
      config: { access: "public" },
      schema: { body: householdInvitationRegisterSchema, response: { 200: sessionSchema } },
    },
    async (request, reply) => {
      // Signed in at once: the answer is the new session, as the login's is.
      const { userId, schoolYearId } = await registerFromInvitation(ctx, request, reply, request.body);
      const user = await findUserById(ctx.db, userId);
      if (user) request.user = toCurrentUser(user);
      request.session = { id: "", schoolYearId, lastSeenAt: "" };
      request.lang = request.user?.language ?? request.lang;
      return sessionInfo(ctx, request);
    },
  );

  r.post("/api/household/leave", { config, schema: { response: { 200: okSchema } } }, async (request) => {
    await leave(ctx, request, request.user!);
    return { ok: true as const };
  });
}
