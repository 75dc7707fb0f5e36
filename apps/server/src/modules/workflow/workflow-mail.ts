import type { StepId } from "@portal/shared/enrollment-steps";
import { DEFAULT_LANGUAGE, isLanguage } from "@portal/shared/languages";
import type { RequestStatus } from "@portal/shared/request-status";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context.ts";
import { settleBackgroundMails, trackBackgroundMail } from "../../mail/background-mail.ts";
import { renderRequestStatusChanged } from "../../mail/request-status-changed.ts";
import { findRequestDetailRow } from "./workflow.repository.ts";

/**
 * The family's e-mail after a status change (issue #4): sent once the change has committed, in the
 * background, to the family account in its language. A failure is logged and never undoes the
 * change. The new status, comment and correction are passed as they were written (not re-read),
 * so a later change cannot make this mail describe the wrong one.
 */
export interface StatusChangeMail {
  requestId: number;
  to: RequestStatus;
  comment: string | null;
  correction: { message: string; steps: readonly StepId[] } | null;
  /** The welcome page of the portal (publicLink), where the family sees its cards. */
  link: string;
}

async function send(ctx: AppContext, mail: StatusChangeMail): Promise<void> {
  const row = await findRequestDetailRow(ctx.db, mail.requestId);
  if (!row) return; // deleted since: nobody to tell
  const language = isLanguage(row.family_language) ? row.family_language : DEFAULT_LANGUAGE;
  await ctx.mailer.send(
    renderRequestStatusChanged({
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
    }),
  );
}

/** Starts the e-mails and returns at once; never throws (failures are logged). */
export function mailStatusChanges(ctx: AppContext, log: FastifyBaseLogger, mails: readonly StatusChangeMail[]): void {
  if (mails.length === 0) return;
  // One after the other: a bulk change of 500 records must not open 500 SMTP connections at once.
  const task = (async () => {
    for (const mail of mails) {
      try {
        await send(ctx, mail);
      } catch (error) {
        log.error(
          { err: error, requestId: mail.requestId },
          "status change e-mail failed (the change stays committed)",
        );
      }
    }
  })();
  trackBackgroundMail(ctx, task);
}

/** Waits (at most `timeoutMs`) for the e-mails still going out: on shutdown, and in tests. */
export const settleStatusMails = settleBackgroundMails;
