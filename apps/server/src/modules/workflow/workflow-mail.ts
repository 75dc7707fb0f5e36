import type { StepId } from "@portal/shared/enrollment-steps";
import type { RequestStatus } from "@portal/shared/request-status";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/database.ts";
import { renderRequestStatusChanged } from "../../mail/request-status-changed.ts";
import { labelOf, loadStatusTexts } from "../status-texts/status-text-lookup.ts";
import { queueFamilyMail } from "./family-mail.ts";

/**
 * The family's e-mail after a status change, queued in the change's transaction
 * (the outbox delivers it; a change never loses its mail, a change rolled back sends
 * none). The new status, comment and correction are the ones just written, so a later change
 * cannot make this mail describe the wrong one.
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
  // Read in the change's transaction: SQLite's one connection is busy with it.
  const texts = await loadStatusTexts(ctx, trx);
  return queueFamilyMail(ctx, trx, mail.requestId, "requestStatusChanged", (base) =>
    renderRequestStatusChanged({
      ...base,
      status: mail.to,
      statusLabel: labelOf(texts, base.language, mail.to),
      // Settings › Request statuses says the family reads this explanation, on its card and here.
      explanation: texts[mail.to].explanation[base.language],
      comment: mail.comment,
      correction: mail.correction,
      link: mail.link,
    }),
  );
}
