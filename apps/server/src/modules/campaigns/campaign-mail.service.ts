import { DEFAULT_LANGUAGE, isLanguage, type Language } from "@portal/shared/languages";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/database.ts";
import { randomToken, sha256 } from "../../lib/crypto.ts";
import { renderCampaignMail } from "../../mail/campaign-mail.ts";
import { queueMail } from "../../mail/outbox.ts";
import { publicLink } from "../auth/links.ts";
import { getIdentity } from "../settings/identity.service.ts";
import { type CampaignRow, childrenOf, claimSend, householdAccounts, insertLink } from "./campaigns.repository.ts";

/** The answer form's public screen (packages/shared/src/routes.ts `campaignAnswer`). */
export const ANSWER_PATH = "/reenrollment-answer";

export function messageIn(row: CampaignRow, language: Language): string {
  if (row.same_message === 1) return row.message_es;
  return { es: row.message_es, en: row.message_en, fr: row.message_fr }[language];
}

/**
 * Queues a family's campaign e-mail for `step` ("opening", or a reminder's days before the
 * deadline) in `trx`, once: the `campaign_sends` row is the claim, so a sweep stopped half-way or a
 * second server process finds it and sends nothing. Each account of the household gets it in its
 * own language, with a new link of its own (only the link's hash is kept). False when already sent,
 * or when the family has no account to write to.
 */
export async function sendFamilyMail(
  ctx: AppContext,
  trx: Db,
  campaign: CampaignRow,
  familyId: number,
  step: string,
  now: string,
): Promise<boolean> {
  const accounts = await householdAccounts(trx, familyId);
  if (accounts.length === 0) return false;
  const recipients = accounts.map((a) => a.email).join(", ");
  if (!(await claimSend(trx, { campaignId: campaign.id, familyId, step, recipients, now }))) return false;
  const school = (await getIdentity(ctx, trx)).schoolName;
  const children = (await childrenOf(trx, campaign.id, familyId)).map((c) => c.student_name);
  for (const account of accounts) {
    const language = isLanguage(account.language) ? account.language : DEFAULT_LANGUAGE;
    const token = randomToken();
    await insertLink(trx, sha256(token), campaign.id, familyId, now);
    const { to, subject, text, html } = renderCampaignMail({
      language,
      to: account.email,
      school,
      year: campaign.school_year_label,
      deadline: campaign.deadline,
      message: messageIn(campaign, language),
      children,
      link: publicLink(ctx, `${ANSWER_PATH}/${token}`),
      daysLeft: step === "opening" ? null : Number(step),
    });
    const kind = step === "opening" ? "campaignOpened" : "campaignReminder";
    await queueMail(ctx, trx, { kind, userId: account.id, to, subject, text, html });
  }
  return true;
}
