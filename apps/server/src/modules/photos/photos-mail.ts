import { DEFAULT_LANGUAGE, isLanguage } from "@portal/shared/languages";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context.ts";
import { trackBackgroundMail } from "../../mail/background-mail.ts";
import { renderPhotoRejected } from "../../mail/photo-rejected.ts";
import { findRequestDetailRow } from "../workflow/workflow.repository.ts";

/**
 * The family's e-mail after its student photo was rejected (issue #4): sent once the review has
 * committed, in the background, to the family account that sent the file, in its language (like
 * the workflow's status e-mails). The reason is passed as it was written, not re-read. A failure
 * is logged and never undoes the review.
 */
export function mailPhotoRejected(
  ctx: AppContext,
  log: FastifyBaseLogger,
  mail: { requestId: number; reason: string; link: string },
): void {
  const task = (async () => {
    const row = await findRequestDetailRow(ctx.db, mail.requestId);
    if (!row) return; // deleted since: nobody to tell
    await ctx.mailer.send(
      renderPhotoRejected({
        language: isLanguage(row.family_language) ? row.family_language : DEFAULT_LANGUAGE,
        to: row.family_email,
        name: [row.family_names, row.family_first_surname].filter(Boolean).join(" "),
        school: ctx.config.branding.schoolName,
        student: row.student_name,
        schoolYear: row.school_year_label,
        code: row.code,
        reason: mail.reason,
        link: mail.link,
      }),
    );
  })().catch((error: unknown) => {
    log.error({ err: error, requestId: mail.requestId }, "photo rejection e-mail failed (the review stays committed)");
  });
  trackBackgroundMail(ctx, task);
}
