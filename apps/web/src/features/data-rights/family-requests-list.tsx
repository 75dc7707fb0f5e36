import { Badge, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { FamilyDataRightsRequest } from "@portal/shared/schemas/data-rights";
import { useTranslation } from "react-i18next";
import { formatDay, formatInstantDay } from "../../lib/dates.ts";
import { DaysLeft } from "./days-left.tsx";

/** One of the family's requests: what, about whom, its state, dates, and the school's answer once closed. */
function FamilyRequest({ request }: { request: FamilyDataRightsRequest }) {
  const { t, i18n } = useTranslation();
  const about = request.studentName ?? t("dataRights:family.aboutFamily");
  const titleId = `data-rights-request-${request.id}`;
  return (
    <Paper withBorder p="md" component="article" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h4" id={titleId}>
            {t("dataRights:family.requestTitle", { kind: t(`dataRights:kinds.${request.kind}`), about })}
          </Title>
          <Group gap="xs">
            <Badge variant="outline" color="dark">
              {t(`dataRights:states.${request.state}`)}
            </Badge>
            <DaysLeft daysLeft={request.daysLeft} state={request.state} />
          </Group>
        </Group>
        <Text size="sm">
          {t("dataRights:family.filedOn", { date: formatInstantDay(request.filedAt, i18n.language) })} ·{" "}
          {t("dataRights:family.deadline", { date: formatDay(request.deadline, i18n.language) })} ·{" "}
          {t(`dataRights:actors.${request.actor}`)}
        </Text>
        <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
          {request.description}
        </Text>
        {request.answer !== null ? (
          <Paper bg="gray.0" p="sm">
            <Text fw={600} size="sm">
              {t(request.state === "refused" ? "dataRights:family.refusalTitle" : "dataRights:family.answerTitle")}{" "}
              {t("dataRights:family.answeredOn", { date: formatInstantDay(request.closedAt, i18n.language) })}
            </Text>
            <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
              {request.answer}
            </Text>
          </Paper>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The family's requests, newest first. */
export function FamilyRequestsList({ requests }: { requests: readonly FamilyDataRightsRequest[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="section" aria-labelledby="data-rights-list-title">
      <Title order={2} size="h3" id="data-rights-list-title">
        {t("dataRights:family.listTitle")}
      </Title>
      {requests.length === 0 ? (
        <Text c="dimmed">{t("dataRights:family.empty")}</Text>
      ) : (
        requests.map((request) => <FamilyRequest key={request.id} request={request} />)
      )}
    </Stack>
  );
}
