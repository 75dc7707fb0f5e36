import {
  campaignAnswerListSchema,
  campaignAnswersQuery,
  campaignCreateSchema,
  campaignDetailSchema,
  campaignExportQuery,
  campaignIdParams,
  campaignListSchema,
  campaignUpdateSchema,
  familyAnswerSchema,
  familyCampaignListSchema,
  familyCampaignSchema,
  linkAnswerSchema,
  linkOpenSchema,
} from "@portal/shared/schemas/campaigns";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { attachmentDisposition } from "../../lib/content-disposition.ts";
import { answerAsFamily, answerByLink, familyCampaigns, openLink } from "./campaign-answers.service.ts";
import { exportAnswers } from "./campaign-export.ts";
import {
  type Actor,
  createCampaign,
  editCampaign,
  getCampaign,
  listAnswers,
  listCampaigns,
} from "./campaigns.service.ts";

const actorOf = (request: FastifyRequest): Actor => ({ userId: request.user!.id, ip: request.ip, lang: request.lang });
const BASE = "/api/campaigns";

/**
 * Re-enrollment campaigns (docs/rules/campaigns.md): the staff's campaigns (`campaignsManage`), the
 * signed-in family's forms (`enrollmentOwn`), and the e-mailed link's form (public: the token in
 * the body stands for one family and one campaign, and reaches nothing else).
 */
export function campaignRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: "campaignsManage" } as const;

  r.get(BASE, { config, schema: { response: { 200: campaignListSchema } } }, () => listCampaigns(ctx));
  r.post(
    BASE,
    { config, schema: { body: campaignCreateSchema, response: { 201: campaignDetailSchema } } },
    async (request, reply) => reply.code(201).send(await createCampaign(ctx, actorOf(request), request.body)),
  );
  r.get(
    `${BASE}/:id`,
    { config, schema: { params: campaignIdParams, response: { 200: campaignDetailSchema } } },
    (request) => getCampaign(ctx, request.params.id, request.lang),
  );
  r.put(
    `${BASE}/:id`,
    {
      config,
      schema: { params: campaignIdParams, body: campaignUpdateSchema, response: { 200: campaignDetailSchema } },
    },
    (request) => editCampaign(ctx, actorOf(request), request.params.id, request.body),
  );
  r.get(
    `${BASE}/:id/answers`,
    {
      config,
      schema: {
        params: campaignIdParams,
        querystring: campaignAnswersQuery,
        response: { 200: campaignAnswerListSchema },
      },
    },
    async (request) => ({ items: await listAnswers(ctx, request.params.id, request.query, request.lang) }),
  );
  r.get(
    `${BASE}/:id/export`,
    // Streamed row by row, as the reports' files (plugins/compression.ts).
    { config, compress: false, schema: { params: campaignIdParams, querystring: campaignExportQuery } },
    async (request, reply) => {
      const file = await exportAnswers(ctx, actorOf(request), request.params.id, request.query);
      return reply
        .type(file.contentType)
        .header("Content-Disposition", attachmentDisposition(file.fileName))
        .header("Cache-Control", "no-store")
        .send(file.stream);
    },
  );

  const family = { access: "enrollmentOwn" } as const;
  r.get(
    "/api/family-campaigns",
    { config: family, schema: { response: { 200: familyCampaignListSchema } } },
    (request) => familyCampaigns(ctx, request.user!, request.lang),
  );
  r.post(
    "/api/family-campaigns/:id/answers",
    {
      config: family,
      schema: { params: campaignIdParams, body: familyAnswerSchema, response: { 200: familyCampaignSchema } },
    },
    (request) => answerAsFamily(ctx, request.user!, request.params.id, request.body.answers, request.lang),
  );

  const link = { access: "public" } as const;
  r.post(
    "/api/campaign-link",
    { config: link, schema: { body: linkOpenSchema, response: { 200: familyCampaignSchema } } },
    (request) => openLink(ctx, request.body.token, request.lang),
  );
  r.post(
    "/api/campaign-link/answers",
    { config: link, schema: { body: linkAnswerSchema, response: { 200: familyCampaignSchema } } },
    (request) => answerByLink(ctx, request.body.token, request.body.answers, request.lang),
  );
}
