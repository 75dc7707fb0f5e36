import { Badge, Group, List, Paper, Stack, Table, Text, Title } from "@mantine/core";
import type { CampaignDetail } from "@portal/shared/schemas/campaigns";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { formatDay, formatInstant } from "../../lib/dates.ts";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { notifySuccess } from "../../lib/toasts.ts";
import { CampaignAnswers } from "./campaign-answers.tsx";
import { CampaignFigures, type FigureChoice } from "./campaign-figures.tsx";
import { CampaignForm, valuesOf } from "./campaign-form.tsx";
import { CAMPAIGNS_KEY, campaignKey, saveCampaign, useCampaign } from "./campaigns-api.ts";

function SendsHistory({ detail }: { detail: CampaignDetail }) {
  const { t, i18n } = useTranslation();
  if (detail.sends.length === 0) return <Text c="dimmed">{t("campaigns:sends.empty")}</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing="xs" aria-label={t("campaigns:sends.title")}>
        <Table.Thead>
          <Table.Tr>
            {(["sentAt", "family", "recipients", "step"] as const).map((column) => (
              <Table.Th key={column} scope="col">
                {t(`campaigns:sends.columns.${column}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {detail.sends.map((send) => (
            <Table.Tr key={`${send.familyName}-${send.step}-${send.sentAt}`}>
              <Table.Td>{formatInstant(send.sentAt, i18n.language)}</Table.Td>
              <Table.Td>{send.familyName}</Table.Td>
              <Table.Td>{send.recipients}</Table.Td>
              <Table.Td>
                {send.step === "opening"
                  ? t("campaigns:sends.opening")
                  : t("campaigns:sends.reminder", { count: Number(send.step) })}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Campaign({ detail }: { detail: CampaignDetail }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<FigureChoice | null>(null);
  const save = useMutation({
    mutationFn: (values: Parameters<typeof saveCampaign>[1]) => saveCampaign(detail.id, values),
    onSuccess: (saved) => {
      queryClient.setQueryData(campaignKey(detail.id), saved);
      void queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
      notifySuccess(t("campaigns:edit.saved"));
    },
  });
  useEffect(() => {
    if (choice) document.getElementById("campaign-answers-title")?.focus();
  }, [choice]);
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Group gap="sm">
          <Title order={1} size="h2">
            {t("campaigns:page.title", { year: detail.schoolYearLabel })}
          </Title>
          <Badge variant="light">{t(`campaigns:states.${detail.state}`)}</Badge>
        </Group>
        <Text size="sm">
          {t("campaigns:page.dates", {
            opensOn: formatDay(detail.opensOn, i18n.language),
            deadline: formatDay(detail.deadline, i18n.language),
          })}{" "}
          {t("campaigns:page.families", { answered: detail.answeredFamilies, total: detail.families })}
        </Text>
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="campaign-figures-title">
        <Title order={2} size="h3" id="campaign-figures-title">
          {t("campaigns:figures.title")}
        </Title>
        <CampaignFigures detail={detail} onOpen={setChoice} />
        {detail.reasons.length > 0 ? (
          <>
            <Text fw={600} size="sm">
              {t("campaigns:figures.reasons")}
            </Text>
            <List size="sm">
              {detail.reasons.map((reason) => (
                <List.Item key={reason.code}>
                  {t("campaigns:figures.reason", { label: reason.label, count: reason.count })}
                </List.Item>
              ))}
            </List>
          </>
        ) : null}
      </Stack>
      {choice ? <CampaignAnswers id={detail.id} choice={choice} /> : null}
      <Stack gap="sm" component="section" aria-labelledby="campaign-sends-title">
        <Title order={2} size="h3" id="campaign-sends-title">
          {t("campaigns:sends.title")}
        </Title>
        <SendsHistory detail={detail} />
      </Stack>
      <Paper withBorder p="lg" component="section" aria-labelledby="campaign-edit-title">
        <Stack gap="md">
          <Title order={2} size="h3" id="campaign-edit-title">
            {t("campaigns:edit.title")}
          </Title>
          {detail.openedAt ? <Text size="sm">{t("campaigns:edit.openedHint")}</Text> : null}
          <CampaignForm
            key={detail.version}
            initial={valuesOf(detail, detail.schoolYearId)}
            isNew={false}
            opened={detail.openedAt !== null}
            pending={save.isPending}
            error={save.error}
            onSubmit={({ schoolYearId: _, ...values }) => save.mutate({ ...values, version: detail.version })}
            submitLabel={t("campaigns:edit.submit")}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}

/** /portal/reenrollment-campaigns/campaign/:id (Admin, Secretaria): a campaign's figures, lists, sends and edit form. */
export function CampaignPage() {
  const { id = "" } = useParams();
  const { t } = useTranslation();
  const campaign = useCampaign(Number(id));
  if (campaign.isSuccess) return <Campaign detail={campaign.data} />;
  // The screen's title while it loads, and above a failure (a campaign that does not exist).
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t(routeTitleKey("campaigns.campaign"))}
      </Title>
      {campaign.isError ? (
        <LoadErrorAlert error={campaign.error} onRetry={() => void campaign.refetch()} />
      ) : (
        <PageLoader />
      )}
    </Stack>
  );
}
