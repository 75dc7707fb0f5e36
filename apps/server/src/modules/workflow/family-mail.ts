import { DEFAULT_LANGUAGE, isLanguage, type Language } from "@portal/shared/languages";
import type { MailKind } from "@portal/shared/mail";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/database.ts";
import type { OutgoingMail } from "../../mail/mailer.ts";
import { queueMail } from "../../mail/outbox.ts";
import { getIdentity } from "../settings/identity.service.ts";
import { findRequestDetailRow } from "./workflow.repository.ts";

/** What every mail to a request's family starts from: its account, its language, the request. */
export interface FamilyMailBase {
  language: Language;
  to: string;
  name: string;
  school: string;
  student: string;
  schoolYear: string;
  code: string;
}

/**
 * Queues a mail to the family account that sent a request (status changes, photo rejections), in
 * its language, in `trx`: the transaction of the change it tells about (issue #11). A request
 * deleted meanwhile has nobody to tell.
 */
export async function queueFamilyMail(
  ctx: AppContext,
  trx: Db,
  requestId: number,
  kind: MailKind,
  render: (base: FamilyMailBase) => OutgoingMail,
): Promise<void> {
  const row = await findRequestDetailRow(trx, requestId);
  if (!row) return;
  const { to, subject, text, html } = render({
    language: isLanguage(row.family_language) ? row.family_language : DEFAULT_LANGUAGE,
    to: row.family_email,
    name: [row.family_names, row.family_first_surname].filter(Boolean).join(" "),
    school: (await getIdentity(ctx, trx)).schoolName,
    student: row.student_name,
    schoolYear: row.school_year_label,
    code: row.code,
  });
  await queueMail(ctx, trx, { kind, requestId: row.id, userId: row.user_id, to, subject, text, html });
}
