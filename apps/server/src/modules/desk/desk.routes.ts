import {
  deskFamilyCreatedSchema,
  deskFamilyCreateSchema,
  deskFamilyEmailSchema,
  deskFamilyListQuerySchema,
  deskFamilyListSchema,
  deskFamilyParams,
  deskFamilySchema,
} from "@portal/shared/schemas/desk";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { createDeskFamily, getDeskFamily, inviteDeskFamily, normalise, setDeskEmail } from "./desk.service.ts";
import { listDeskFamilyPage } from "./desk-list.service.ts";

/** Enrollment at the office: walk-in families' accounts (docs/rules/staff-workflow.md "Walk-in families"). */
export function deskRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: "householdsDesk" } as const;

  r.post(
    "/api/desk/families",
    { config, schema: { body: deskFamilyCreateSchema, response: { 201: deskFamilyCreatedSchema } } },
    async (request, reply) => {
      const created = await createDeskFamily(ctx, { user: request.user!, ip: request.ip }, normalise(request.body));
      return reply.code(201).send(created);
    },
  );

  r.get(
    "/api/desk/families",
    { config, schema: { querystring: deskFamilyListQuerySchema, response: { 200: deskFamilyListSchema } } },
    (request) => listDeskFamilyPage(ctx, request.query),
  );

  r.get(
    "/api/desk/families/:id",
    { config, schema: { params: deskFamilyParams, response: { 200: deskFamilySchema } } },
    (request) => getDeskFamily(ctx, request.params.id),
  );

  r.put(
    "/api/desk/families/:id/email",
    { config, schema: { params: deskFamilyParams, body: deskFamilyEmailSchema, response: { 200: deskFamilySchema } } },
    (request) => setDeskEmail(ctx, { user: request.user!, ip: request.ip }, request.params.id, request.body.email),
  );

  r.post(
    "/api/desk/families/:id/invitation",
    { config, schema: { params: deskFamilyParams, response: { 200: deskFamilySchema } } },
    (request) => inviteDeskFamily(ctx, { user: request.user!, ip: request.ip }, request.params.id),
  );
}
