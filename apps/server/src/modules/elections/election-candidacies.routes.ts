import {
  adminCandidacySchema,
  candidacyDeclineSchema,
  candidacyParams,
  candidacySchema,
  myCandidacySchema,
} from "@portal/shared/schemas/election-candidacies";
import { registerExportQuery } from "@portal/shared/schemas/election-electorate";
import { electionIdParams } from "@portal/shared/schemas/elections";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { attachmentDisposition } from "../../lib/content-disposition.ts";
import { declareCandidacy, myCandidacy, withdrawCandidacy } from "./candidacies.service.ts";
import { approveCandidacy, declineCandidacy, listCandidacies } from "./candidacy-decisions.service.ts";
import type { Actor } from "./election-guards.ts";
import { exportRegister } from "./register-export.ts";

const actorOf = (request: FastifyRequest): Actor => ({ userId: request.user!.id, ip: request.ip, lang: request.lang });

/**
 * Candidacies from families and the register for posting (docs/elections.md): the family's own
 * candidacy (electionsVote: family accounts), the Admin's decisions and the register's export
 * (electionsManage).
 */
export function electionCandidacyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const family = { access: "electionsVote" } as const;
  const admin = { access: "electionsManage" } as const;
  const mine = { 200: myCandidacySchema };
  const decided = { 200: z.object({ items: z.array(adminCandidacySchema) }) };

  r.get(
    "/api/elections/:id/candidacy",
    { config: family, schema: { params: electionIdParams, response: mine } },
    (request) => myCandidacy(ctx, request.user!, request.params.id),
  );
  r.put(
    "/api/elections/:id/candidacy",
    { config: family, schema: { params: electionIdParams, body: candidacySchema, response: mine } },
    (request) => declareCandidacy(ctx, request.user!, request.lang, request.params.id, request.body),
  );
  r.delete(
    "/api/elections/:id/candidacy",
    { config: family, schema: { params: electionIdParams } },
    async (request, reply) => {
      await withdrawCandidacy(ctx, request.user!, request.params.id);
      return reply.code(204).send();
    },
  );

  r.get(
    "/api/settings/elections/:id/candidacies",
    { config: admin, schema: { params: electionIdParams, response: decided } },
    (request) => listCandidacies(ctx, request.params.id),
  );
  // Takes no body (a body sent is ignored), like the other one-click actions.
  r.post(
    "/api/settings/election-candidacies/:candidacyId/approve",
    { config: admin, schema: { params: candidacyParams, response: decided } },
    (request) => approveCandidacy(ctx, actorOf(request), request.params.candidacyId),
  );
  r.post(
    "/api/settings/election-candidacies/:candidacyId/decline",
    { config: admin, schema: { params: candidacyParams, body: candidacyDeclineSchema, response: decided } },
    (request) => declineCandidacy(ctx, actorOf(request), request.params.candidacyId, request.body.reason),
  );

  r.get(
    "/api/settings/elections/:id/register",
    { config: admin, schema: { params: electionIdParams, querystring: registerExportQuery } },
    async (request, reply) => {
      const actor = actorOf(request);
      const file = await exportRegister(ctx, actor, request.params.id, request.query.format, actor.lang);
      return reply
        .type(file.contentType)
        .header("Content-Disposition", attachmentDisposition(file.fileName))
        .header("Cache-Control", "no-store")
        .send(file.stream);
    },
  );
}
