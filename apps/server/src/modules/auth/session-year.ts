import type { SessionInfo } from "@portal/shared/schemas/responses";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { findSchoolYear } from "../../kernel/school-years.ts";
import { setSessionSchoolYear } from "../../kernel/sessions.ts";
import { AppError } from "../../lib/errors.ts";
import { sessionInfo } from "./session-info.ts";

/**
 * PUT /api/session/school-year: the staff's selected school year (spec 3 `schoolYearSelected`),
 * chosen at sign-in and changed from the header without signing out. Every screen that defaults
 * to "the session's year" (dashboard, lists, reports) follows it. Any existing year may be chosen,
 * past ones included: the staff look up earlier files. The route's permission keeps families out.
 */
export async function switchSchoolYear(
  ctx: AppContext,
  request: FastifyRequest,
  schoolYearId: number,
): Promise<SessionInfo> {
  const session = request.session;
  const user = request.user;
  if (!session || !user) throw new AppError(401, "UNAUTHENTICATED");
  const year = await findSchoolYear(ctx.db, schoolYearId);
  if (!year) throw new AppError(400, "SCHOOL_YEAR_INVALID", {}, { schoolYearId: "" });
  const previous = session.schoolYearId;
  if (previous !== year.id) {
    await setSessionSchoolYear(ctx.db, session.id, year.id);
    await recordAudit(ctx.db, {
      event: "session.schoolYearChanged",
      actorUserId: user.id,
      subjectUserId: user.id,
      ip: request.ip,
      details: { schoolYearId: year.id, previousSchoolYearId: previous },
    });
    request.session = { ...session, schoolYearId: year.id };
  }
  return sessionInfo(ctx, request);
}
