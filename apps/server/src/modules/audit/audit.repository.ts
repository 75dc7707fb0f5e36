import { type Db, nowIso } from "../../db/database.ts";

/** Security events kept in the audit log (issue #2); later issues add their own. */
export type AuditEvent =
  | "login.success"
  | "login.failure"
  | "logout"
  | "account.registered"
  | "account.activated"
  | "password.reset.requested"
  | "password.reset"
  | "password.changed"
  | "role.changed"
  | "account.deactivated"
  | "account.reactivated"
  | "account.activationResent"
  | "account.unlocked"
  | "account.invited"
  | "settings.changed"
  | "enrollment.authorizedPersons.propagated"
  | "request.statusChanged"
  | "request.internalReview"
  | "request.photoReviewed"
  | "request.photoReplaced"
  | "request.stepEdited"
  | "request.mailResent"
  | "medicalRecord.viewed"
  | "audit.exported";

export async function recordAudit(
  db: Db,
  entry: {
    event: AuditEvent;
    actorUserId?: number | null;
    subjectUserId?: number | null;
    ip: string;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await db
    .insertInto("audit_events")
    .values({
      event: entry.event,
      actor_user_id: entry.actorUserId ?? null,
      subject_user_id: entry.subjectUserId ?? null,
      ip: entry.ip,
      details: entry.details ? JSON.stringify(entry.details) : null,
      created_at: nowIso(),
    })
    .execute();
}
