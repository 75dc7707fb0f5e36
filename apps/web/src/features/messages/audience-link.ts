import { type MessageAudienceInput, messageAudienceSchema } from "@portal/shared/schemas/messages";
import { REPORT_IDS, type ReportId } from "@portal/shared/schemas/reports";

/**
 * The compose screen's audience lives in its URL, as the list's own filters
 * (`?source=requests&level=CP&status=Untreated`): a list links to it with its query, and a reload
 * keeps it. The shared schema decides what is valid, as the server does.
 */

const REQUEST_FILTERS = ["schoolYearId", "testData", "q", "status", "level", "kind", "internalReview"] as const;
const REPORT_FILTERS = ["schoolYearId", "testData", "status", "level", "kind"] as const;
const CAMPAIGN_FILTERS = ["campaignId", "figure", "level"] as const;

function pick(params: URLSearchParams, keys: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of keys) {
    const value = params.get(key);
    if (value !== null && value !== "") out[key] = value;
  }
  return out;
}

/** The audience the URL names, or null when it names none the server would take. */
export function audienceFromParams(params: URLSearchParams): MessageAudienceInput | null {
  const source = params.get("source");
  const candidate =
    source === "report"
      ? { source, report: params.get("report") ?? "", filters: pick(params, REPORT_FILTERS) }
      : source === "requests" || source === "campaign"
        ? { source, filters: pick(params, source === "requests" ? REQUEST_FILTERS : CAMPAIGN_FILTERS) }
        : null;
  if (!candidate || !messageAudienceSchema.safeParse(candidate).success) return null;
  return candidate as MessageAudienceInput;
}

/** The compose screen for a request list's families: its API query's filters (not its page or order). */
export function requestsComposePath(apiQuery: URLSearchParams): string {
  const params = new URLSearchParams({ source: "requests", ...pick(apiQuery, REQUEST_FILTERS) });
  return `/portal/family-messages/compose?${params.toString()}`;
}

/** The compose screen for a report's families. */
export function reportComposePath(report: ReportId, apiQuery: URLSearchParams): string {
  const report_ = (REPORT_IDS as readonly string[]).includes(report) ? report : "students";
  const params = new URLSearchParams({ source: "report", report: report_, ...pick(apiQuery, REPORT_FILTERS) });
  return `/portal/family-messages/compose?${params.toString()}`;
}

/** The compose screen for the families behind one of a campaign's figures (of one level, or all). */
export function campaignComposePath(campaignId: number, figure: string, level: string | null): string {
  const params = new URLSearchParams({ source: "campaign", campaignId: String(campaignId), figure });
  if (level) params.set("level", level);
  return `/portal/family-messages/compose?${params.toString()}`;
}
