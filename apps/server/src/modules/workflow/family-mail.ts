import { DEFAULT_LANGUAGE, isLanguage, type Language } from "@portal/shared/languages";
import type { MailKind } from "@portal/shared/mail";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/database.ts";
import { findHouseholdAccounts } from "../../kernel/accounts.ts";
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
 * its language, in `trx`: the transaction of the change it tells about; and the same
 * news to the household's other account (a second parent), in that account's language.
 * A request deleted meanwhile has nobody to tell.
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
  const school = (await getIdentity(ctx, trx)).schoolName;
  const sender = {
    id: row.user_id,
    email: row.family_email,
    language: row.family_language,
    names: row.family_names,
    first_surname: row.family_first_surname,
  };
  const others = (await findHouseholdAccounts(trx, row.family_user_id)).filter((account) => account.id !== row.user_id);
  for (const account of [sender, ...others]) {
    const { to, subject, text, html } = render({
      language: isLanguage(account.language) ? account.language : DEFAULT_LANGUAGE,
      to: account.email,
      name: [account.names, account.first_surname].filter(Boolean).join(" "),
      school,
      student: row.student_name,
      schoolYear: row.school_year_label,
      code: row.code,
    });
    await queueMail(ctx, trx, { kind, requestId: row.id, userId: account.id, to, subject, text, html });
  }
}
