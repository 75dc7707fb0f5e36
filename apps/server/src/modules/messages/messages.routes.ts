import {
  familyMessageListSchema,
  messageAudienceCountSchema,
  messageAudienceQuerySchema,
  messageDetailSchema,
  messageIdParams,
  messageListSchema,
  messageSendSchema,
  messageSummarySchema,
} from "@portal/shared/schemas/messages";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { schoolYearOf } from "../requests/requests.routes.ts";
import { familyMessageList, listSentMessages, messageDetail } from "./message-view.ts";
import { type Actor, audienceCount, resumeMessage, sendMessage } from "./messages.service.ts";

const actorOf = (request: FastifyRequest): Actor => ({ userId: request.user!.id, ip: request.ip });

/** Messages from the school to families (docs/rules/messages.md): the staff's and the family's. */
export function messageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const send = { access: "messagesSend" } as const;
  const own = { access: "messagesOwn" } as const;

  r.post(
    "/api/messages/audience",
    { config: send, schema: { body: messageAudienceQuerySchema, response: { 200: messageAudienceCountSchema } } },
    (request) => audienceCount(ctx, schoolYearOf(request), request.body),
  );
  r.get("/api/messages", { config: send, schema: { response: { 200: messageListSchema } } }, (request) =>
    listSentMessages(ctx, request.lang),
  );
  r.post(
    "/api/messages",
    // The summary, not every address: building and checking a 2,000-address answer would hold the
    // send's answer (docs/rules/messages.md "Sending"); the message's page reads them.
    { config: send, schema: { body: messageSendSchema, response: { 201: messageSummarySchema } } },
    async (request, reply) =>
      reply.code(201).send(await sendMessage(ctx, actorOf(request), schoolYearOf(request), request.lang, request.body)),
  );
  r.get(
    "/api/messages/:id",
    { config: send, schema: { params: messageIdParams, response: { 200: messageDetailSchema } } },
    (request) => messageDetail(ctx, request.params.id, request.lang),
  );
  // No body: which message is the URL's.
  r.post(
    "/api/messages/:id/resume",
    { config: send, schema: { params: messageIdParams, response: { 200: messageSummarySchema } } },
    (request) => resumeMessage(ctx, actorOf(request), request.lang, request.params.id),
  );
  r.get("/api/account/messages", { config: own, schema: { response: { 200: familyMessageListSchema } } }, (request) =>
    familyMessageList(ctx, request.user!),
  );
}
