import { Alert, Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { StaffDataRightsRequest } from "@portal/shared/schemas/data-rights";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { isApiError } from "../../lib/api-error.ts";
import { formatDay, formatInstant, formatInstantDay } from "../../lib/dates.ts";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { DataRightsActions } from "./data-rights-actions.tsx";
import { useDataRightsRequest } from "./data-rights-api.ts";
import { DaysLeft } from "./days-left.tsx";

const QUEUE_PATH = "/portal/data-rights-requests/queue";

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" fw={700} c="dimmed">
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

function RequestFacts({ request }: { request: StaffDataRightsRequest }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <Fact label={t("dataRights:detail.family")}>
            <Text size="sm">{request.filedBy?.name}</Text>
            <Text size="xs" c="dimmed">
              {request.filedBy?.email}
            </Text>
          </Fact>
          <Fact label={t("dataRights:detail.about")}>
            <Text size="sm">{request.studentName ?? t("dataRights:family.aboutFamily")}</Text>
          </Fact>
          <Fact label={t("dataRights:detail.actor")}>
            <Text size="sm">{t(`dataRights:actors.${request.actor}`)}</Text>
          </Fact>
          <Fact label={t("dataRights:detail.filedAt")}>
            <Text size="sm">{formatInstantDay(request.filedAt, i18n.language)}</Text>
          </Fact>
          <Fact label={t("dataRights:detail.deadline")}>
            <Group gap="xs">
              <Text size="sm">{formatDay(request.deadline, i18n.language)}</Text>
              <DaysLeft daysLeft={request.daysLeft} state={request.state} />
            </Group>
          </Fact>
          <Fact label={t("dataRights:detail.state")}>
            <Badge variant="outline" color="dark">
              {t(`dataRights:states.${request.state}`)}
            </Badge>
          </Fact>
        </SimpleGrid>
        <Fact label={t("dataRights:detail.description")}>
          <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
            {request.description}
          </Text>
        </Fact>
        {request.startedBy ? (
          <Text size="sm" c="dimmed">
            {t("dataRights:detail.startedBy", {
              name: request.startedBy.name,
              date: formatInstant(request.startedAt, i18n.language),
            })}
          </Text>
        ) : null}
        {request.answer !== null ? (
          <Fact
            label={t(request.state === "refused" ? "dataRights:family.refusalTitle" : "dataRights:family.answerTitle")}
          >
            <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
              {request.answer}
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              {t("dataRights:detail.closedBy", {
                name: request.closedBy?.name ?? "",
                date: formatInstant(request.closedAt, i18n.language),
              })}
            </Text>
          </Fact>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** /portal/data-rights-requests/request/:id (Secretaria, Admin): one request, and the staff's steps on it. */
export function DataRightsRequestPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const request = useDataRightsRequest(Number.isInteger(id) && id > 0 ? id : 0);
  const notFound = isApiError(request.error) && (request.error.status === 404 || request.error.status === 400);

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Anchor component={Link} to={QUEUE_PATH} size="sm">
          {t("dataRights:detail.back")}
        </Anchor>
        <Title order={1} size="h2">
          {request.data
            ? `${t(routeTitleKey("dataRights.request"))} ${request.data.id} — ${t(`dataRights:kinds.${request.data.kind}`)}`
            : t(routeTitleKey("dataRights.request"))}
        </Title>
      </Stack>
      {request.isPending ? <PageLoader /> : null}
      {notFound ? <Alert color="gray">{t("dataRights:detail.notFound")}</Alert> : null}
      {request.isError && !notFound ? (
        <LoadErrorAlert error={request.error} onRetry={() => void request.refetch()} />
      ) : null}
      {request.data ? (
        <>
          {request.data.kind === "erasure" && request.data.state !== "answered" && request.data.state !== "refused" ? (
            <Alert color="blue">{t("dataRights:detail.erasureNote")}</Alert>
          ) : null}
          <RequestFacts request={request.data} />
          <DataRightsActions request={request.data} />
        </>
      ) : null}
    </Stack>
  );
}
