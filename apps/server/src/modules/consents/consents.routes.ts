import {
  consentWithdrawalBodySchema,
  consentWithdrawalParams,
  familyConsentsSchema,
  requestConsentsParams,
  requestConsentsSchema,
} from "@portal/shared/schemas/consents";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { familyConsents, requestConsents, withdrawConsent } from "./consents.service.ts";

/** Withdrawing a consent: the family's consents and a withdrawal (consentsOwn), a request's as the staff see it. */
export function consentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const own = { access: "consentsOwn" } as const;

  r.get("/api/account/consents", { config: own, schema: { response: { 200: familyConsentsSchema } } }, (request) =>
    familyConsents(ctx, request.user!),
  );

  r.post(
    "/api/account/students/:studentId/consent-withdrawals",
    {
      config: own,
      schema: {
        params: consentWithdrawalParams,
        body: consentWithdrawalBodySchema,
        response: { 200: familyConsentsSchema },
      },
    },
    (request) => withdrawConsent(ctx, request.user!, request.params.studentId, request.body, { ip: request.ip }),
  );

  r.get(
    "/api/requests/:id/consents",
    {
      config: { access: "inscriptionsView" },
      schema: { params: requestConsentsParams, response: { 200: requestConsentsSchema } },
    },
    (request) => requestConsents(ctx, request.user!, request.params.id),
  );
}
