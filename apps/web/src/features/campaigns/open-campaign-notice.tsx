import { Alert, Anchor, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDay } from "../../lib/dates.ts";
import { useFamilyCampaigns } from "./campaigns-api.ts";
import { FAMILY_CAMPAIGN_PATH } from "./family-campaign-page.tsx";

/**
 * The family's welcome page says when a re-enrollment campaign is open for it, and links to its
 * answer form (docs/rules/campaigns.md "Answering"). Nothing while none is open, or on a failure.
 */
export function OpenCampaignNotice() {
  const { t, i18n } = useTranslation();
  const campaigns = useFamilyCampaigns();
  const open = campaigns.data?.items.find((campaign) => campaign.open);
  if (!open) return null;
  const deadline = formatDay(open.deadline, i18n.language);
  return (
    <Alert color="grape" title={t("campaigns:notice.title", { year: open.schoolYearLabel })}>
      <Text size="sm">
        {open.answeredAt ? t("campaigns:notice.answered", { deadline }) : t("campaigns:notice.open", { deadline })}{" "}
        <Anchor component={Link} to={FAMILY_CAMPAIGN_PATH}>
          {open.answeredAt ? t("campaigns:notice.change") : t("campaigns:notice.answer")}
        </Anchor>
      </Text>
    </Alert>
  );
}
