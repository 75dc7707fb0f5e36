import { Anchor, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { AnswerForm } from "./answer-form.tsx";
import { answerAsFamily, FAMILY_CAMPAIGNS_KEY, useFamilyCampaigns } from "./campaigns-api.ts";

export const FAMILY_CAMPAIGN_PATH = "/portal/reenrollment";
const WELCOME_PATH = "/portal/inscripciones/bienvenido";

/**
 * /portal/reenrollment (families): the re-enrollment campaigns the family is part of, each its
 * answer form. A returning child's re-enrollment file is the next step, started from the welcome
 * page's card as always (docs/rules/campaigns.md "Answering").
 */
export function FamilyCampaignPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const campaigns = useFamilyCampaigns();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  let body: ReactNode;
  if (campaigns.isPending) body = <PageLoader />;
  else if (campaigns.isError)
    body = <LoadErrorAlert error={campaigns.error} onRetry={() => void campaigns.refetch()} />;
  else if (campaigns.data.items.length === 0) {
    body = (
      <Text c="dimmed" role="status">
        {t("campaigns:family.none")}
      </Text>
    );
  } else {
    body = campaigns.data.items.map((campaign) => (
      <AnswerForm
        key={campaign.id}
        campaign={campaign}
        save={async (answers) => {
          const saved = await answerAsFamily(campaign.id, answers);
          void queryClient.invalidateQueries({ queryKey: FAMILY_CAMPAIGNS_KEY });
          return saved;
        }}
        nextStep={(returning) => (
          <Text size="sm">
            {t("campaigns:family.nextStep", { names: returning.join(", ") })}{" "}
            <Anchor component={Link} to={WELCOME_PATH}>
              {t("campaigns:family.startFiles")}
            </Anchor>
          </Text>
        )}
      />
    ));
  }
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1} size="h2" ref={heading} tabIndex={-1} className="portal-focus-target">
        {t(routeTitleKey("familyCampaign"))}
      </Title>
      {body}
    </Stack>
  );
}
