import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { AppError } from "../../lib/errors.ts";
import { MINUTE_MS } from "../../lib/time.ts";
import { countHit } from "../auth/throttle.ts";

/*
 * A call refused because the record exists but belongs to another family is a probe
 * worth seeing in the audit log (someone walking ids). The services refuse with these codes after
 * finding the record, so the code alone says "existing, not yours"; an unknown id is a plain 404
 * and is not recorded (it tells nothing about anyone).
 */
const RECORD_REFUSALS = new Set(["NOT_YOUR_STUDENT"]);

/**
 * Recording is itself throttled, so a script walking ids cannot flood the log or the database: per
 * account, then for everyone together. The entry that reaches an account's limit says so, and the
 * next window records again.
 */
export const REFUSAL_AUDIT_LIMITS = {
  perAccount: { limit: 10, windowMs: 15 * MINUTE_MS },
  overall: { limit: 200, windowMs: 15 * MINUTE_MS },
} as const;

export function isRecordRefusal(error: unknown): error is AppError {
  return error instanceof AppError && RECORD_REFUSALS.has(error.code);
}

export async function recordRefusedAccess(ctx: AppContext, request: FastifyRequest, error: AppError): Promise<void> {
  const user = request.user;
  if (!user) return;
  const { perAccount, overall } = REFUSAL_AUDIT_LIMITS;
  const mine = await countHit(ctx.db, `refused-audit:${user.id}`, perAccount.windowMs);
  if (mine > perAccount.limit) return;
  if ((await countHit(ctx.db, "refused-audit:all", overall.windowMs)) > overall.limit) return;
  await recordAudit(ctx.db, {
    event: "access.refused",
    actorUserId: user.id,
    ip: request.ip,
    details: {
      code: error.code,
      method: request.method,
      // The route's pattern and the ids asked for: which kind of record, which one.
      route: request.routeOptions.url ?? "",
      params: request.params,
      ...(mine === perAccount.limit ? { limitReached: true } : {}),
    },
  });
}
