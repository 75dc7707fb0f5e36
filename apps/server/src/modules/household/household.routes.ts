import {
  householdIdParams,
  householdInviteSchema,
  householdJoinSchema,
  householdSchema,
} from "@portal/shared/schemas/household";
import { okSchema } from "@portal/shared/schemas/responses";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { getHousehold, invite, join, leave, removeMember, revokeInvitation } from "./household.service.ts";

/** The family's household (issue #14): its accounts, the second parent's invitation, joining, leaving. */
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

  r.post("/api/household/leave", { config, schema: { response: { 200: okSchema } } }, async (request) => {
    await leave(ctx, request, request.user!);
    return { ok: true as const };
  });
}
