import { idParam } from "@portal/shared/schemas/fields";
import { requestMailParamsSchema, requestMailsSchema } from "@portal/shared/schemas/request-mails";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { listRequestMails, resendRequestMail } from "./request-mails.service.ts";

/** A request's e-mails: read by every inscriptions role, resent by those who manage. */
export function requestMailRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/requests/:id/mails",
    {
      config: { access: "inscriptionsView" },
      schema: { params: z.strictObject({ id: idParam }), response: { 200: requestMailsSchema } },
    },
    (request) => listRequestMails(ctx, request.params.id),
  );

  r.post(
    "/api/requests/:id/mails/:mailId/resend",
    {
      config: { access: "inscriptionsManage" },
      schema: { params: requestMailParamsSchema, response: { 200: requestMailsSchema } },
    },
    (request) => resendRequestMail(ctx, request.user!, { ip: request.ip }, request.params.id, request.params.mailId),
  );
}
