import { schoolYearSchema } from "@portal/shared/schemas/responses";
import {
  schoolYearCreateSchema,
  schoolYearDetailListSchema,
  schoolYearDetailSchema,
  schoolYearIdParams,
  schoolYearUpdateSchema,
  schoolYearWindowParams,
  schoolYearWindowSchema,
} from "@portal/shared/schemas/school-years";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { listSchoolYears } from "../../kernel/school-years.ts";
import {
  type Actor,
  closeWindow,
  createYear,
  deleteYear,
  listYears,
  setCurrentYear,
  setWindow,
  updateYear,
} from "./school-years.service.ts";

const actorOf = (request: FastifyRequest): Actor => ({ userId: request.user!.id, ip: request.ip, lang: request.lang });
const BASE = "/api/settings/school-years";

export function schoolYearRoutes(app: FastifyInstance, ctx: AppContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // Public: the login's selector (years a family may act in, `familyMayAct`) and the staff's filters.
  typed.get(
    "/api/school-years",
    {
      config: { access: "public", duringMaintenance: true },
      schema: { response: { 200: z.array(schoolYearSchema) } },
    },
    () => listSchoolYears(ctx.db),
  );

  // Settings › School year, Admin only.
  const manage = { access: "settingsManage" } as const;
  typed.get(BASE, { config: manage, schema: { response: { 200: schoolYearDetailListSchema } } }, () => listYears(ctx));
  typed.post(
    BASE,
    { config: manage, schema: { body: schoolYearCreateSchema, response: { 201: schoolYearDetailSchema } } },
    async (request, reply) => reply.code(201).send(await createYear(ctx, actorOf(request), request.body)),
  );
  typed.put(
    `${BASE}/:id`,
    {
      config: manage,
      schema: { params: schoolYearIdParams, body: schoolYearUpdateSchema, response: { 200: schoolYearDetailSchema } },
    },
    (request) => updateYear(ctx, actorOf(request), request.params.id, request.body),
  );
  typed.put(
    `${BASE}/:id/windows/:kind`,
    {
      config: manage,
      schema: {
        params: schoolYearWindowParams,
        body: schoolYearWindowSchema,
        response: { 200: schoolYearDetailSchema },
      },
    },
    (request) => setWindow(ctx, actorOf(request), request.params.id, request.params.kind, request.body),
  );
  typed.post(
    `${BASE}/:id/windows/:kind/close`,
    { config: manage, schema: { params: schoolYearWindowParams, response: { 200: schoolYearDetailSchema } } },
    (request) => closeWindow(ctx, actorOf(request), request.params.id, request.params.kind),
  );
  typed.post(
    `${BASE}/:id/current`,
    { config: manage, schema: { params: schoolYearIdParams, response: { 200: schoolYearDetailSchema } } },
    (request) => setCurrentYear(ctx, actorOf(request), request.params.id),
  );
  typed.delete(
    `${BASE}/:id`,
    { config: manage, schema: { params: schoolYearIdParams, response: { 200: z.object({ id: z.number() }) } } },
    (request) => deleteYear(ctx, actorOf(request), request.params.id),
  );
}
