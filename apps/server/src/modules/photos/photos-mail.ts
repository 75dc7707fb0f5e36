import { DEFAULT_LANGUAGE, isLanguage } from "@portal/shared/languages";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/database.ts";
import { queueMail } from "../../mail/outbox.ts";
import { renderPhotoRejected } from "../../mail/photo-rejected.ts";
import { findRequestDetailRow } from "../workflow/workflow.repository.ts";

/**
 * The family's e-mail after its student photo was rejected (issue #4), queued in the review's
 * transaction (issue #11: the outbox delivers it, so the review and its mail commit together), to
 * the family account that sent the file, in its language. The reason is the one just written.
 */
export async function queuePhotoRejected(
  ctx: AppContext,
  trx: Db,
  mail: { requestId: number; reason: string; link: string },
): Promise<void> {
  const row = await findRequestDetailRow(trx, mail.requestId);
  if (!row) return;
  const { to, subject, text, html } = renderPhotoRejected({
    language: isLanguage(row.family_language) ? row.family_language : DEFAULT_LANGUAGE,
    to: row.family_email,
    name: [row.family_names, row.family_first_surname].filter(Boolean).join(" "),
    school: ctx.config.branding.schoolName,
    student: row.student_name,
    schoolYear: row.school_year_label,
    code: row.code,
    reason: mail.reason,
    link: mail.link,
  });
  await queueMail(ctx, trx, {
    kind: "photoRejected",
    requestId: row.id,
    userId: row.user_id,
    to,
    subject,
    text,
    html,
  });
}
