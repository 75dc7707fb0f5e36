import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_CODES, type Language } from "@portal/shared/languages";
import type { MessageAudience, MessageAudienceCount } from "@portal/shared/schemas/messages";
import type { AppContext } from "../../context.ts";
import { campaignFigureFamilies } from "../campaigns/campaigns.service.ts";
import { reportSenders } from "../reports/reports.service.ts";
import { requestListSenders } from "../requests/requests.service.ts";
import { type AudienceAccount, familiesOf, familyAccounts } from "./messages.repository.ts";

/**
 * Who a message reaches (docs/rules/messages.md "Audience"): the list's own service applies the
 * list's filters (the request lists', or the reports'), giving the accounts that sent the
 * requests it shows, or the campaigns' service gives the families behind one of its figures; their households are the families, and every active account of each family
 * an address, in the language that account reads. A new source is one more case here.
 */

export interface Audience {
  families: number;
  accounts: (AudienceAccount & { language: Language })[];
}

async function senders(ctx: AppContext, sessionSchoolYearId: number, audience: MessageAudience): Promise<number[]> {
  switch (audience.source) {
    case "requests":
      return requestListSenders(ctx, sessionSchoolYearId, audience.filters);
    case "report":
      return reportSenders(ctx, sessionSchoolYearId, audience.filters);
    case "campaign":
      return (await campaignFigureFamilies(ctx, audience.filters)).families;
  }
}

/** The school year a message belongs to: its list's, the session's by default, or its campaign's. */
export async function audienceSchoolYear(
  ctx: AppContext,
  sessionSchoolYearId: number,
  audience: MessageAudience,
): Promise<number> {
  if (audience.source === "campaign") return (await campaignFigureFamilies(ctx, audience.filters)).schoolYearId;
  return audience.filters.schoolYearId ?? sessionSchoolYearId;
}

export async function resolveAudience(
  ctx: AppContext,
  sessionSchoolYearId: number,
  audience: MessageAudience,
  includeTestAccounts: boolean,
): Promise<Audience> {
  const families = await familiesOf(ctx.db, await senders(ctx, sessionSchoolYearId, audience));
  const accounts = (await familyAccounts(ctx.db, families, includeTestAccounts)).map((account) => ({
    ...account,
    language: isLanguage(account.language) ? account.language : DEFAULT_LANGUAGE,
  }));
  return { families: new Set(accounts.map((account) => account.familyId)).size, accounts };
}

export function countAudience(audience: Audience): MessageAudienceCount {
  const byLanguage = Object.fromEntries(LANGUAGE_CODES.map((code) => [code, 0])) as Record<Language, number>;
  for (const account of audience.accounts) byLanguage[account.language] += 1;
  return { families: audience.families, addresses: audience.accounts.length, byLanguage };
}
