import { ROLES } from "@portal/shared/roles";
import { roleChangeSchema, userIdParams } from "@portal/shared/schemas/auth";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { changeRole } from "./users.service.ts";

export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().put(
    "/api/users/:id/role",
    {
      config: { access: "usersManage" },
      schema: {
        params: userIdParams,
        body: roleChangeSchema,
        response: { 200: z.object({ id: z.number(), role: z.enum(ROLES) }) },
      },
    },
    (request) => changeRole(ctx, { userId: request.user!.id, ip: request.ip }, request.params.id, request.body.role),
  );
}
