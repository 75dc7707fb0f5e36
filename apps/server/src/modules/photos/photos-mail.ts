import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/database.ts";
import { renderPhotoRejected } from "../../mail/photo-rejected.ts";
import { queueFamilyMail } from "../workflow/family-mail.ts";

/**
 * The family's e-mail after its student photo was rejected, queued in the review's
 * transaction (the review and its mail commit together). The reason is the one just
 * written.
 */
export function queuePhotoRejected(
  ctx: AppContext,
  trx: Db,
  mail: { requestId: number; reason: string; link: string },
): Promise<void> {
  return queueFamilyMail(ctx, trx, mail.requestId, "photoRejected", (base) =>
    renderPhotoRejected({ ...base, reason: mail.reason, link: mail.link }),
  );
}
