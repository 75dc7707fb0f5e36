import {
  breachAuthoritySchema,
  breachCreateSchema,
  breachDetailSchema,
  breachFamilyListSchema,
  breachFamilySearchQuery,
  breachIdParams,
  breachListSchema,
  breachNoticeSaveSchema,
  breachNoticeSchema,
  breachNoticeSendSchema,
  breachUpdateSchema,
} from "@portal/shared/schemas/breaches";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { getNotice, saveNotice, sendNotice } from "./breach-notice.service.ts";
import {
  type Actor,
  createBreach,
  editBreach,
  findFamilies,
  getBreach,
  listBreachRegister,
  recordAuthorityNotice,
} from "./breaches.service.ts";

const actorOf = (request: FastifyRequest): Actor => ({ userId: request.user!.id, ip: request.ip, lang: request.lang });
const BASE = "/api/breaches";

/** Settings › Data breaches: the personal-data breach register, the Admin's alone. */
export function breachRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: "breachesManage" } as const;

  r.get(BASE, { config, schema: { response: { 200: breachListSchema } } }, () => listBreachRegister(ctx));
  r.post(
    BASE,
    { config, schema: { body: breachCreateSchema, response: { 201: breachDetailSchema } } },
    async (request, reply) => reply.code(201).send(await createBreach(ctx, actorOf(request), request.body)),
  );
  r.get(
    `${BASE}/families`,
    { config, schema: { querystring: breachFamilySearchQuery, response: { 200: breachFamilyListSchema } } },
    (request) => findFamilies(ctx, request.query.q),
  );
  r.get(
    `${BASE}/:id`,
    { config, schema: { params: breachIdParams, response: { 200: breachDetailSchema } } },
    (request) => getBreach(ctx, request.params.id),
  );
  r.put(
    `${BASE}/:id`,
    { config, schema: { params: breachIdParams, body: breachUpdateSchema, response: { 200: breachDetailSchema } } },
    (request) => editBreach(ctx, actorOf(request), request.params.id, request.body),
  );
  r.post(
    `${BASE}/:id/authority`,
    { config, schema: { params: breachIdParams, body: breachAuthoritySchema, response: { 200: breachDetailSchema } } },
    (request) => recordAuthorityNotice(ctx, actorOf(request), request.params.id, request.body),
  );
  r.get(
    `${BASE}/:id/notice`,
    { config, schema: { params: breachIdParams, response: { 200: breachNoticeSchema } } },
    (request) => getNotice(ctx, request.params.id),
  );
  r.put(
    `${BASE}/:id/notice`,
    { config, schema: { params: breachIdParams, body: breachNoticeSaveSchema, response: { 200: breachNoticeSchema } } },
    (request) => saveNotice(ctx, actorOf(request), request.params.id, request.body),
  );
  r.post(
    `${BASE}/:id/notice/send`,
    { config, schema: { params: breachIdParams, body: breachNoticeSendSchema, response: { 200: breachNoticeSchema } } },
    (request) => sendNotice(ctx, actorOf(request), request.params.id, request.body),
  );
}
