import { isFamilyRole } from "@portal/shared/roles";
import type { DataRightsFiling, FamilyDataRights, FamilyDataRightsRequest } from "@portal/shared/schemas/data-rights";
import type { AppContext } from "../../context.ts";
import { nowIso } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { AppError } from "../../lib/errors.ts";
import type { CurrentUser } from "../../plugins/request-types.ts";
import * as repo from "./data-rights.repository.ts";
import { deadlineFor, mayActAlone, schoolToday } from "./data-rights-dates.ts";
import { familyView } from "./data-rights-view.ts";

/*
 * The family's side of data-rights requests (LOPDP arts. 13–17; docs/rules/data-protection.md
 * "Data-rights requests"): it files a request about itself or one of its own children and reads
 * its requests and their answers. Every query is the acting family's (`familyId`): another
 * family's requests and children are never found.
 */

function familyOf(user: CurrentUser): number {
  // The route's permission lets families only; this keeps the service safe on its own (deny by default).
  if (!isFamilyRole(user.role)) throw new AppError(403, "FORBIDDEN");
  return user.familyId;
}

/** GET /api/account/data-rights: the family's requests, newest first, and the children it may file about. */
export async function familyDataRights(ctx: AppContext, user: CurrentUser): Promise<FamilyDataRights> {
  const familyId = familyOf(user);
  const today = schoolToday();
  const [rows, students] = await Promise.all([
    repo.findFamilyRequests(ctx.db, familyId),
    repo.findFamilyStudents(ctx.db, familyId),
  ]);
  return {
    requests: rows.map((row) => familyView(row, today)),
    students: students.map((s) => ({ id: s.id, name: s.name, mayActAlone: mayActAlone(s.birthDate, today) })),
  };
}

/**
 * POST /api/account/data-rights: a new request, received today; its deadline is 15 calendar days
 * later. A child must be one of the family's own; "the adolescent acts" only for a child of 15 or
 * more today (by the birth date of the child's student file).
 */
export async function fileDataRightsRequest(
  ctx: AppContext,
  user: CurrentUser,
  meta: { ip: string },
  body: DataRightsFiling,
): Promise<FamilyDataRightsRequest> {
  const familyId = familyOf(user);
  const today = schoolToday();
  let studentId: number | null = null;
  if (body.subject === "student") {
    const student = (await repo.findFamilyStudents(ctx.db, familyId)).find((s) => s.id === body.studentId);
    // Another family's child and an unknown id are refused alike: nothing tells them apart.
    if (!student) throw new AppError(400, "DATA_RIGHTS_STUDENT_UNKNOWN", {}, { studentId: "" });
    if (body.actor === "adolescent" && !mayActAlone(student.birthDate, today)) {
      throw new AppError(400, "DATA_RIGHTS_ADOLESCENT_TOO_YOUNG", {}, { actor: "" });
    }
    studentId = student.id;
  }
  const { id } = await repo.insertRequest(ctx.db, {
    family_user_id: familyId,
    filed_by: user.id,
    kind: body.kind,
    subject: body.subject,
    student_id: studentId,
    actor: body.actor,
    description: body.description,
    state: "received",
    filed_at: nowIso(),
    deadline_on: deadlineFor(today),
  });
  await recordAudit(ctx.db, {
    event: "dataRights.filed",
    actorUserId: user.id,
    subjectUserId: familyId,
    ip: meta.ip,
    details: {
      dataRightsRequestId: id,
      rightsKind: body.kind,
      rightsActor: body.actor,
      ...(studentId ? { studentId } : {}),
    },
  });
  const row = await repo.findRequest(ctx.db, id);
  if (!row) throw new AppError(404, "NOT_FOUND");
  return familyView(row, today);
}
