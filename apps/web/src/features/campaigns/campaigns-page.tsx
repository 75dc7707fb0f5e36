import { Anchor, Badge, Paper, Stack, Table, Text, Title } from "@mantine/core";
import type { CampaignSummary } from "@portal/shared/schemas/campaigns";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { formatDay } from "../../lib/dates.ts";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { useSession } from "../../lib/session-query.ts";
import { notifySuccess } from "../../lib/toasts.ts";
import { CampaignForm, valuesOf } from "./campaign-form.tsx";
import { CAMPAIGNS_KEY, createCampaign, useCampaigns } from "./campaigns-api.ts";

export const CAMPAIGN_PATH = "/portal/reenrollment-campaigns/campaign";
const STATE_COLORS = { scheduled: "gray", open: "green", closed: "dark" } as const;

function CampaignTable({ items }: { items: readonly CampaignSummary[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing="xs" aria-label={t("campaigns:list.title")}>
        <Table.Thead>
          <Table.Tr>
            {(["year", "opensOn", "deadline", "state", "answered"] as const).map((column) => (
              <Table.Th key={column} scope="col">
                {t(`campaigns:list.columns.${column}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>
                <Anchor component={Link} to={`${CAMPAIGN_PATH}/${item.id}`}>
                  {item.schoolYearLabel}
                </Anchor>
              </Table.Td>
              <Table.Td>{formatDay(item.opensOn, i18n.language)}</Table.Td>
              <Table.Td>{formatDay(item.deadline, i18n.language)}</Table.Td>
              <Table.Td>
                <Badge color={STATE_COLORS[item.state]} variant="light">
                  {t(`campaigns:states.${item.state}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                {t("campaigns:list.families", { answered: item.answeredFamilies, total: item.families })}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * /portal/reenrollment-campaigns/list (Admin, Secretaria): every school year's re-enrollment
 * campaign and a new one's form; a campaign opens its page (docs/rules/campaigns.md).
 */
export function CampaignsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const campaigns = useCampaigns();
  const create = useMutation({
    mutationFn: createCampaign,
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
      notifySuccess(t(created.state === "open" ? "campaigns:list.createdOpen" : "campaigns:list.created"));
      void navigate(`${CAMPAIGN_PATH}/${created.id}`);
    },
  });
  let list: ReactNode;
  if (campaigns.isPending) list = <PageLoader />;
  else if (campaigns.isError)
    list = <LoadErrorAlert error={campaigns.error} onRetry={() => void campaigns.refetch()} />;
  else if (campaigns.data.items.length === 0) {
    list = (
      <Text c="dimmed" role="status">
        {t("campaigns:list.empty")}
      </Text>
    );
  } else list = <CampaignTable items={campaigns.data.items} />;
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1} size="h2">
          {t(routeTitleKey("campaigns.list"))}
        </Title>
        <Text size="sm">{t("campaigns:list.intro")}</Text>
      </Stack>
      {list}
      <Paper withBorder p="lg" component="section" aria-labelledby="campaign-new-title">
        <Stack gap="md">
          <Title order={2} size="h3" id="campaign-new-title">
            {t("campaigns:list.newTitle")}
          </Title>
          <Text size="sm">{t("campaigns:list.newIntro")}</Text>
          <CampaignForm
            initial={valuesOf(null, session.schoolYear?.id ?? 0)}
            isNew
            opened={false}
            pending={create.isPending}
            error={create.error}
            onSubmit={(values) => create.mutate(values)}
            submitLabel={t("campaigns:list.create")}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
