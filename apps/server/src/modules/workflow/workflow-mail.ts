import type { StepId } from "@portal/shared/enrollment-steps";
import { DEFAULT_LANGUAGE, isLanguage } from "@portal/shared/languages";
import type { RequestStatus } from "@portal/shared/request-status";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/database.ts";
import { queueMail } from "../../mail/outbox.ts";
import { renderRequestStatusChanged } from "../../mail/request-status-changed.ts";
import { findRequestDetailRow } from "./workflow.repository.ts";

/**
 * The family's e-mail after a status change (issue #4), queued in the change's transaction
 * (issue #11: the outbox delivers it; a change never loses its mail, a change rolled back sends
 * none), to the family account in its language. The new status, comment and correction are the
 * ones just written, so a later change cannot make this mail describe the wrong one.
 */
export interface StatusChangeMail {
  requestId: number;
  to: RequestStatus;
  comment: string | null;
  correction: { message: string; steps: readonly StepId[] } | null;
  /** The welcome page of the portal (publicLink), where the family sees its cards. */
  link: string;
}

export async function queueStatusChangeMail(ctx: AppContext, trx: Db, mail: StatusChangeMail): Promise<void> {
  const row = await findRequestDetailRow(trx, mail.requestId);
  if (!row) return;
  const language = isLanguage(row.family_language) ? row.family_language : DEFAULT_LANGUAGE;
  const { to, subject, text, html } = renderRequestStatusChanged({
    language,
    to: row.family_email,
    name: [row.family_names, row.family_first_surname].filter(Boolean).join(" "),
    school: ctx.config.branding.schoolName,
    student: row.student_name,
    schoolYear: row.school_year_label,
    code: row.code,
    status: mail.to,
    comment: mail.comment,
    correction: mail.correction,
    link: mail.link,
  });
  await queueMail(ctx, trx, {
    kind: "requestStatusChanged",
    requestId: row.id,
    userId: row.user_id,
    to,
    subject,
    text,
    html,
  });
}
