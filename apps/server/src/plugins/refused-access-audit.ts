import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.ts";
import { isRecordRefusal, recordRefusedAccess } from "../modules/audit/refused-access.ts";

/**
 * Writes another family's record asked for to the audit log before the error is sent.
 * A failure to record never changes the answer: the caller still gets the refusal.
 */
export function installRefusedAccessAudit(app: FastifyInstance, ctx: AppContext): void {
  app.addHook("onError", async (request, _reply, error) => {
    if (!isRecordRefusal(error)) return;
    try {
      await recordRefusedAccess(ctx, request, error);
    } catch (failure) {
      request.log.warn({ err: failure }, "refused access: audit entry not written");
    }
  });
}
