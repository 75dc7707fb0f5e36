import { ROLES } from "@portal/shared/roles";
import { invitationSchema, roleChangeSchema, userIdParams } from "@portal/shared/schemas/auth";
import { userDetailSchema, userListQuerySchema, userListSchema } from "@portal/shared/schemas/users";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { inviteUser } from "./invitation.service.ts";
import {
  type Actor,
  changeRole,
  deactivateUser,
  listUsers,
  reactivateUser,
  resendActivationMail,
  unlockUser,
  userDetail,
} from "./users.service.ts";

const actorOf = (request: FastifyRequest): Actor => ({ userId: request.user!.id, ip: request.ip });
const deactivationSchema = z.object({ id: z.number(), deactivated: z.boolean() });

export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    "/api/users",
    {
      config: { access: "usersManage" },
      schema: { querystring: userListQuerySchema, response: { 200: userListSchema } },
    },
    (request) => listUsers(ctx, request.query),
  );
  typed.get(
    "/api/users/:id",
    {
      config: { access: "usersManage" },
      schema: { params: userIdParams, response: { 200: userDetailSchema } },
    },
    (request) => userDetail(ctx, request.params.id),
  );
  typed.put(
    "/api/users/:id/role",
    {
      config: { access: "usersManage" },
      schema: {
        params: userIdParams,
        body: roleChangeSchema,
        response: { 200: z.object({ id: z.number(), role: z.enum(ROLES) }) },
      },
    },
    (request) => changeRole(ctx, actorOf(request), request.params.id, request.body.role),
  );
  typed.post(
    "/api/users/:id/deactivate",
    { config: { access: "usersManage" }, schema: { params: userIdParams, response: { 200: deactivationSchema } } },
    (request) => deactivateUser(ctx, actorOf(request), request.params.id),
  );
  typed.post(
    "/api/users/:id/reactivate",
    { config: { access: "usersManage" }, schema: { params: userIdParams, response: { 200: deactivationSchema } } },
    (request) => reactivateUser(ctx, actorOf(request), request.params.id),
  );
  const idOnly = z.object({ id: z.number() });
  typed.post(
    "/api/users/:id/activation-mail",
    { config: { access: "usersManage" }, schema: { params: userIdParams, response: { 200: idOnly } } },
    (request) => resendActivationMail(ctx, actorOf(request), request.params.id),
  );
  typed.post(
    "/api/users/:id/unlock",
    { config: { access: "usersManage" }, schema: { params: userIdParams, response: { 200: idOnly } } },
    (request) => unlockUser(ctx, actorOf(request), request.params.id),
  );
  typed.post(
    "/api/users/invitations",
    {
      config: { access: "usersManage" },
      schema: { body: invitationSchema, response: { 201: idOnly } },
    },
    async (request, reply) => {
      const created = await inviteUser(ctx, actorOf(request), request.body);
      return reply.code(201).send(created);
    },
  );
}
