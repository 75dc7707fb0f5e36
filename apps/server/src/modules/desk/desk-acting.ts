import { DESK_FAMILY_HEADER } from "@portal/shared/desk-header";
import { rolesFor } from "@portal/shared/permissions";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../context.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { AppError } from "../../lib/errors.ts";
import type { CurrentUser } from "../../plugins/request-types.ts";
import { findDeskFamily } from "./desk.repository.ts";

/*
 * A staff member filling in the wizard for a family at the desk (docs/rules/staff-workflow.md
 * "Walk-in families"). The wizard's own routes serve it: with the family's id in the
 * `x-desk-family` header, plugins/access.ts asks here for the family's account, and the route runs
 * as that account (its ownership checks, rules and required documents unchanged), carrying the
 * staff member in `desk`. Only staff with `householdsDesk`, only for a family created at the desk.
 */

const DESK_ROLES: ReadonlySet<string> = new Set(rolesFor("householdsDesk"));

export async function actAtDesk(ctx: AppContext, staff: CurrentUser, familyHeader: string): Promise<CurrentUser> {
  if (!DESK_ROLES.has(staff.role) || staff.desk) throw new AppError(403, "FORBIDDEN");
  const familyId = /^[1-9]\d{0,9}$/.test(familyHeader) ? Number(familyHeader) : null;
  const family = familyId === null ? undefined : await findDeskFamily(ctx.db, familyId);
  if (!family || family.deactivated_at !== null) throw new AppError(404, "DESK_FAMILY_NOT_FOUND");
  return {
    id: family.id,
    email: family.email,
    firstSurname: family.first_surname,
    secondSurname: family.second_surname,
    names: family.names,
    phone: family.phone,
    language: family.language === "en" || family.language === "fr" ? family.language : "es",
    role: "User",
    isTestData: family.is_test_data === 1,
    familyId: family.id,
    desk: { staffId: staff.id, staffRole: staff.role },
  };
}

/**
 * Every change made at the desk for a family is audited with the staff member as the actor and the
 * family as the subject: the route, its ids and the answer's status. Reads are not (the wizard reads
 * on every screen); refused calls change nothing.
 */
export function installDeskAudit(app: FastifyInstance, ctx: AppContext): void {
  app.addHook("onResponse", async (request: FastifyRequest, reply) => {
    const desk = request.user?.desk;
    if (!desk || request.method === "GET" || request.method === "HEAD" || reply.statusCode >= 400) return;
    try {
      await recordAudit(ctx.db, {
        event: "desk.actedFor",
        actorUserId: desk.staffId,
        subjectUserId: request.user?.id ?? null,
        ip: request.ip,
        details: {
          method: request.method,
          route: request.routeOptions.url,
          params: request.params,
        },
      });
    } catch (error) {
      request.log.error({ err: error, header: DESK_FAMILY_HEADER }, "the desk's audit entry could not be written");
    }
  });
}
