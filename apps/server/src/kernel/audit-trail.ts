import type { AuditEventCode } from "@portal/shared/schemas/audit";
import { type Db, nowIso } from "../db/database.ts";

/*
 * The audit trail every module writes to (docs/architecture.md "Walls": the kernel is what any
 * module may use; it imports no module). The audit module reads it back for the audit log page.
 */

/** The events the audit log keeps: one list, shared with the audit log page's filter. */
export type AuditEvent = AuditEventCode;

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
