import {
  electionIdParams,
  electionPhaseQuery,
  familyElectionSchema,
  receiptSchema,
  voteSchema,
} from "@portal/shared/schemas/elections";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { familyElection, familyElections } from "./elections-family.service.ts";
import { castVote } from "./voting.service.ts";

/** The family's elections (issue #15): the lists, the vote, the published results. */
export function electionFamilyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: "electionsView" } as const;
  r.get(
    "/api/elections",
    {
      config,
      schema: {
        querystring: electionPhaseQuery,
        response: { 200: z.object({ items: z.array(familyElectionSchema) }) },
      },
    },
    (request) => familyElections(ctx, request.user!.id, request.query.phase),
  );
  r.get(
    "/api/elections/:id",
    { config, schema: { params: electionIdParams, response: { 200: familyElectionSchema } } },
    (request) => familyElection(ctx, request.user!.id, request.params.id),
  );
  r.post(
    "/api/elections/:id/vote",
    {
      config: { access: "electionsVote" },
      schema: { params: electionIdParams, body: voteSchema, response: { 201: receiptSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await castVote(ctx, request.user!.id, request.params.id, request.body.listId ?? null)),
  );
}
