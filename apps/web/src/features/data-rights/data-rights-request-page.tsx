import { Alert, Anchor, Badge, Group, List, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { StaffDataRightsDetail } from "@portal/shared/schemas/data-rights";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { isApiError } from "../../lib/api-error.ts";
import { formatDay, formatInstant, formatInstantDay } from "../../lib/dates.ts";
import { fullPathOf } from "../../lib/match-route.ts";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { DataRightsActions } from "./data-rights-actions.tsx";
import { useDataRightsRequest } from "./data-rights-api.ts";
import { DaysLeft } from "./days-left.tsx";

/** The enrollment requests the request is about: their pages hold the staff's tools (the erasure). */
function EnrollmentRequests({ request }: { request: StaffDataRightsDetail }) {
  const { t } = useTranslation();
  const detail = fullPathOf("inscriptions.requestDetail");
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="data-rights-enrollment-requests">
      <Stack gap="xs">
        <Title order={2} size="h4" id="data-rights-enrollment-requests">
          {t("dataRights:detail.enrollmentRequests")}
        </Title>
        {request.enrollmentRequests.length === 0 ? (
          <Text size="sm">{t("dataRights:detail.noEnrollmentRequests")}</Text>
        ) : (
          <List size="sm" spacing={4}>
            {request.enrollmentRequests.map((item) => (
              <List.Item key={item.id}>
                <Anchor component={Link} to={detail.replace(":id", String(item.id))}>
                  {item.code}
                </Anchor>{" "}
                — {item.studentName}, {item.schoolYear}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}

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

function RequestFacts({ request }: { request: StaffDataRightsDetail }) {
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
        <Anchor component={Link} to={fullPathOf("dataRights.queue")} size="sm">
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
          <EnrollmentRequests request={request.data} />
          <DataRightsActions request={request.data} />
        </>
      ) : null}
    </Stack>
  );
}
