import type { SchoolYear, SessionInfo } from "@portal/shared/schemas/responses";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context.ts";
import { findSchoolYearCached, keptSchoolYear } from "../school-years/school-year-cache.ts";
import { isMaintenanceOn, keptMaintenance } from "../settings/settings.service.ts";

/**
 * What GET /api/session answers: who is signed in, for which school year, in which language.
 * Every screen asks it, so when memory holds the year and the maintenance switch fresh (nearly
 * always) the answer is built without a promise.
 */
export function sessionInfo(ctx: AppContext, request: FastifyRequest): SessionInfo | Promise<SessionInfo> {
  const yearId = request.user ? request.session?.schoolYearId : undefined;
  const year = yearId ? keptSchoolYear(ctx.db, yearId) : null;
  const maintenance = keptMaintenance(ctx);
  if (year !== undefined && maintenance !== undefined) return answer(request, year, maintenance);
  return Promise.all([
    yearId ? findSchoolYearCached(ctx.db, yearId).then((found) => found ?? null) : null,
    isMaintenanceOn(ctx),
  ]).then(([found, on]) => answer(request, found, on));
}

function answer(request: FastifyRequest, schoolYear: SchoolYear | null, maintenance: boolean): SessionInfo {
  return {
    user: request.user,
    mfa: request.user ? null : (request.mfaPending?.step ?? null),
    schoolYear,
    language: request.lang,
    maintenance,
  };
}
