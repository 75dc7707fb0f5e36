import {
  candidatePhotoParams,
  electionCancelSchema,
  electionCandidatesSchema,
  electionCloseSchema,
  electionCreateSchema,
  electionIdParams,
  electionListCreateSchema,
  electionListParams,
  electionResultSchema,
  electionUpdateSchema,
  electionVersionSchema,
  electionViewSchema,
  eligibleQuery,
  eligibleVoterSchema,
  organizationSchema,
  organizationViewSchema,
  positionSchema,
  positionViewSchema,
  turnoutSchema,
} from "@portal/shared/schemas/elections";
import { idParam, languageField } from "@portal/shared/schemas/fields";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { uploadedFilePart } from "../../lib/upload-part.ts";
import { replaceCandidatePhoto } from "./candidate-photos.service.ts";
import { electionCandidacyRoutes } from "./election-candidacies.routes.ts";
import {
  organizations,
  positions,
  removeOrganization,
  removePosition,
  saveOrganization,
  savePosition,
} from "./election-catalog.service.ts";
import type { Actor } from "./election-guards.ts";
import { addList, eligibleVoters, removeList, saveCandidates } from "./election-lists.service.ts";
import { electionMinutes } from "./election-minutes.service.ts";
import {
  cancelElection,
  closeElection,
  createElection,
  electionResult,
  electionTurnout,
  listElections,
  publishElection,
  scheduleElection,
  updateElection,
} from "./elections-admin.service.ts";

const BASE = "/api/settings/elections";
const actorOf = (request: FastifyRequest): Actor => ({ userId: request.user!.id, ip: request.ip, lang: request.lang });
const idOnly = z.strictObject({ id: idParam });

/** Settings › Elections, positions, organizations, lists and candidates, the count (Admin). */
export function electionAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: "electionsManage" } as const;
  const one = { 200: electionViewSchema };

  r.get(BASE, { config, schema: { response: { 200: z.object({ items: z.array(electionViewSchema) }) } } }, () =>
    listElections(ctx),
  );
  r.post(
    BASE,
    { config, schema: { body: electionCreateSchema, response: { 201: electionViewSchema } } },
    async (request, reply) => reply.code(201).send(await createElection(ctx, actorOf(request), request.body)),
  );
  r.put(
    `${BASE}/:id`,
    { config, schema: { params: electionIdParams, body: electionUpdateSchema, response: one } },
    (request) => updateElection(ctx, actorOf(request), request.params.id, request.body),
  );
  r.post(
    `${BASE}/:id/schedule`,
    { config, schema: { params: electionIdParams, body: electionVersionSchema, response: one } },
    (request) => scheduleElection(ctx, actorOf(request), request.params.id, request.body.version),
  );
  r.post(
    `${BASE}/:id/cancel`,
    { config, schema: { params: electionIdParams, body: electionCancelSchema, response: one } },
    (request) => cancelElection(ctx, actorOf(request), request.params.id, request.body.version, request.body.reason),
  );
  r.post(
    `${BASE}/:id/close`,
    { config, schema: { params: electionIdParams, body: electionCloseSchema, response: one } },
    (request) => closeElection(ctx, actorOf(request), request.params.id, request.body),
  );
  r.post(
    `${BASE}/:id/publish`,
    { config, schema: { params: electionIdParams, body: electionVersionSchema, response: one } },
    (request) => publishElection(ctx, actorOf(request), request.params.id, request.body.version),
  );
  r.get(
    `${BASE}/:id/turnout`,
    { config, schema: { params: electionIdParams, response: { 200: turnoutSchema } } },
    (request) => electionTurnout(ctx, request.params.id),
  );
  r.get(
    `${BASE}/:id/result`,
    { config, schema: { params: electionIdParams, response: { 200: electionResultSchema } } },
    (request) => electionResult(ctx, request.params.id),
  );
  r.get(
    `${BASE}/:id/minutes`,
    {
      config,
      schema: { params: electionIdParams, querystring: z.strictObject({ language: languageField.optional() }) },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { pdf, filename } = await electionMinutes(
        ctx,
        actor,
        request.params.id,
        request.query.language ?? actor.lang,
      );
      return reply
        .type("application/pdf")
        .header("Content-Disposition", `attachment; filename="${filename}"`)
        .header("Cache-Control", "no-store")
        .send(Buffer.from(pdf));
    },
  );
  r.get(
    `${BASE}/:id/eligible`,
    {
      config,
      schema: {
        params: electionIdParams,
        querystring: eligibleQuery,
        response: { 200: z.object({ items: z.array(eligibleVoterSchema) }) },
      },
    },
    (request) => eligibleVoters(ctx, request.params.id, request.query.q),
  );
  r.post(
    `${BASE}/:id/lists`,
    {
      config,
      schema: { params: electionIdParams, body: electionListCreateSchema, response: { 201: electionViewSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await addList(ctx, actorOf(request), request.params.id, request.body)),
  );
  r.delete(
    "/api/settings/election-lists/:listId",
    { config, schema: { params: electionListParams, response: one } },
    (request) => removeList(ctx, actorOf(request), request.params.listId),
  );
  r.put(
    "/api/settings/election-lists/:listId/candidates",
    { config, schema: { params: electionListParams, body: electionCandidatesSchema, response: one } },
    (request) => saveCandidates(ctx, actorOf(request), request.params.listId, request.body),
  );
  // Multipart, one `file` part (JPEG or PNG); answers the election with the candidate's new photoUrl.
  r.post(
    "/api/settings/election-candidates/:candidateId/photo",
    { config, schema: { params: candidatePhotoParams, response: one } },
    async (request) =>
      replaceCandidatePhoto(ctx, actorOf(request), request.params.candidateId, await uploadedFilePart(request)),
  );

  const positionList = { 200: z.object({ items: z.array(positionViewSchema) }) };
  r.get("/api/settings/election-positions", { config, schema: { response: positionList } }, () => positions(ctx));
  r.post(
    "/api/settings/election-positions",
    { config, schema: { body: positionSchema, response: { 201: positionViewSchema } } },
    async (request, reply) => reply.code(201).send(await savePosition(ctx, actorOf(request), null, request.body)),
  );
  r.put(
    "/api/settings/election-positions/:id",
    { config, schema: { params: idOnly, body: positionSchema, response: { 200: positionViewSchema } } },
    (request) => savePosition(ctx, actorOf(request), request.params.id, request.body),
  );
  r.delete("/api/settings/election-positions/:id", { config, schema: { params: idOnly } }, async (request, reply) => {
    await removePosition(ctx, actorOf(request), request.params.id);
    return reply.code(204).send();
  });

  const organizationList = { 200: z.object({ items: z.array(organizationViewSchema) }) };
  r.get("/api/settings/election-organizations", { config, schema: { response: organizationList } }, () =>
    organizations(ctx),
  );
  r.post(
    "/api/settings/election-organizations",
    { config, schema: { body: organizationSchema, response: { 201: organizationViewSchema } } },
    async (request, reply) => reply.code(201).send(await saveOrganization(ctx, actorOf(request), null, request.body)),
  );
  r.put(
    "/api/settings/election-organizations/:id",
    { config, schema: { params: idOnly, body: organizationSchema, response: { 200: organizationViewSchema } } },
    (request) => saveOrganization(ctx, actorOf(request), request.params.id, request.body),
  );
  r.delete(
    "/api/settings/election-organizations/:id",
    { config, schema: { params: idOnly } },
    async (request, reply) => {
      await removeOrganization(ctx, actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  electionCandidacyRoutes(app, ctx);
}
