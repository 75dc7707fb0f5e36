import {
  candidatePhotoParams,
  candidatePhotoQuery,
  electionIdParams,
  electionPhaseQuery,
  familyElectionSchema,
  receiptCheckResultSchema,
  receiptCheckSchema,
  receiptSchema,
  voteSchema,
} from "@portal/shared/schemas/elections";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { batchesSettled } from "./ballot-batches.ts";
import { openCandidatePhoto } from "./candidate-photos.service.ts";
import { familyElection, familyElections } from "./elections-family.service.ts";
import { checkReceipt } from "./receipts.service.ts";
import { castVote } from "./voting.service.ts";

/** The family's elections: the lists, the vote, the published results. */
export function electionFamilyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: "electionsView" } as const;
  // A batch of ballots started by the last votes (ballot-batches.ts) ends before the database
  // closes: the server closes the app first, then the database.
  app.addHook("onClose", () => batchesSettled(ctx));
  r.get(
    "/api/elections",
    {
      config,
      schema: {
        querystring: electionPhaseQuery,
        response: { 200: z.object({ items: z.array(familyElectionSchema) }) },
      },
    },
    (request) => familyElections(ctx, request.user!, request.query.phase),
  );
  r.get(
    "/api/elections/:id",
    { config, schema: { params: electionIdParams, response: { 200: familyElectionSchema } } },
    (request) => familyElection(ctx, request.user!, request.params.id),
  );
  // The Admin's settings screen shows it too (electionsView includes the Admin). Cache-Control stays
  // the API's no-store, as for the student photos: `v` gives a new photo a new address anyway.
  r.get(
    "/api/elections/candidates/:candidateId/photo",
    { config, schema: { params: candidatePhotoParams, querystring: candidatePhotoQuery } },
    async (request, reply) => {
      const stream = await openCandidatePhoto(ctx, request.user!, request.params.candidateId);
      return reply.type("image/jpeg").header("Content-Disposition", "inline").send(stream);
    },
  );
  r.post(
    "/api/elections/:id/vote",
    {
      config: { access: "electionsVote" },
      schema: { params: electionIdParams, body: voteSchema, response: { 201: receiptSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await castVote(ctx, request.user!, request.params.id, request.body.listId ?? null)),
  );
  r.post(
    "/api/elections/:id/receipt",
    {
      config,
      schema: { params: electionIdParams, body: receiptCheckSchema, response: { 200: receiptCheckResultSchema } },
    },
    (request) => checkReceipt(ctx, request.params.id, request.body.receiptCode),
  );
}
