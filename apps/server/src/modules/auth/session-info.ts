import type { SessionInfo } from "@portal/shared/schemas/responses";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context.ts";
import { findSchoolYearCached } from "../school-years/school-year-cache.ts";
import { isMaintenanceOn } from "../settings/settings.service.ts";

/** What GET /api/session answers: who is signed in, for which school year, in which language. */
export async function sessionInfo(ctx: AppContext, request: FastifyRequest): Promise<SessionInfo> {
  const yearId = request.session?.schoolYearId;
  return {
    user: request.user,
    mfa: request.user ? null : (request.mfaPending?.step ?? null),
    schoolYear: request.user && yearId ? ((await findSchoolYearCached(ctx.db, yearId)) ?? null) : null,
    language: request.lang,
    maintenance: await isMaintenanceOn(ctx),
  };
}
