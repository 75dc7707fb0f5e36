import { Alert, Anchor, Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { type UserDetail, userDetailSchema } from "@portal/shared/schemas/users";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { hasErrorCode } from "../../lib/api-error.ts";
import { formatInstantDay } from "../../lib/dates.ts";
import { http } from "../../lib/http.ts";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { useStatusLabel } from "../../lib/status-texts.ts";
import { MfaResetPanel } from "./mfa-reset-panel.tsx";
import { pathOf } from "./user-paths.ts";
import { USERS_QUERY_KEY } from "./users-api.ts";
import { fullName } from "./users-table.tsx";

function formatDate(iso: string | null, language: string): string | null {
  return iso ? formatInstantDay(iso, language) : null;
}

/** Settings > Users > one account: who it is, and for a family its students and requests. */
export function UserDetailPage() {
  const { t, i18n } = useTranslation();
  const statusLabel = useStatusLabel();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0 && id <= 2_147_483_647;
  const detail = useQuery({
    queryKey: [...USERS_QUERY_KEY, "detail", id],
    queryFn: async (): Promise<UserDetail> => userDetailSchema.parse(await http.get(`/api/users/${id}`)),
    enabled: valid,
  });

  const back = (
    <Anchor component={Link} to={pathOf("settings.users")}>
      {t("users:detail.back")}
    </Anchor>
  );
  if (!valid || (detail.isError && hasErrorCode(detail.error, "NOT_FOUND"))) {
    return (
      <Stack gap="lg">
        {back}
        <Alert color="red">{t("users:detail.notFound")}</Alert>
      </Stack>
    );
  }
  if (detail.isError) {
    return (
      <Stack gap="lg">
        {back}
        <LoadErrorAlert error={detail.error} onRetry={() => void detail.refetch()} />
      </Stack>
    );
  }
  if (!detail.data) return <PageLoader />;
  const { account, students } = detail.data;

  return (
    <Stack gap="lg">
      {back}
      <Title order={1} size="h2">
        {t("common:labelValue", { label: t(routeTitleKey("settings.userDetail")), value: fullName(account) })}
      </Title>
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          <Text>
            <b>{t("common:labelColon", { label: t("users:columns.email") })}</b> {account.email}
          </Text>
          <Text>
            <b>{t("common:labelColon", { label: t("users:detail.phone") })}</b> {account.phone}
          </Text>
          <Text>
            <b>{t("common:labelColon", { label: t("users:columns.role") })}</b> {t(`users:roles.${account.role}`)}
          </Text>
          <Text>
            <b>{t("common:labelColon", { label: t("users:columns.language") })}</b>{" "}
            {t(`users:languages.${account.language}`)}
          </Text>
          <Group gap="xs">
            <b>{t("common:labelColon", { label: t("users:columns.state") })}</b>
            <Badge variant="light">{t(`users:states.${account.state}`)}</Badge>
          </Group>
          <Text>
            <b>{t("common:labelColon", { label: t("users:columns.lastLogin") })}</b>{" "}
            {formatDate(account.lastLoginAt, i18n.language) ?? t("users:never")}
          </Text>
        </SimpleGrid>
      </Paper>
      <MfaResetPanel userId={account.id} name={fullName(account)} enabled={account.mfaEnabled} />
      <Title order={2} size="h3">
        {t("users:detail.students")}
      </Title>
      {students.length === 0 ? <Text c="dimmed">{t("users:detail.noStudents")}</Text> : null}
      {students.map((student) => (
        <Paper withBorder p="md" key={student.id} component="section" aria-label={student.name}>
          <Stack gap="xs">
            <Title order={3} size="h4">
              {student.name}
            </Title>
            {student.documentNumber ? (
              <Text size="sm" c="dimmed">
                {t("users:detail.document", { number: student.documentNumber })}
              </Text>
            ) : null}
            {student.requests.length === 0 ? (
              <Text size="sm">{t("users:detail.noRequests")}</Text>
            ) : (
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("users:detail.code")}</Table.Th>
                    <Table.Th>{t("users:detail.schoolYear")}</Table.Th>
                    <Table.Th>{t("users:detail.status")}</Table.Th>
                    <Table.Th>{t("users:detail.sentAt")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {student.requests.map((request) => (
                    <Table.Tr key={request.id}>
                      <Table.Td>
                        <Anchor component={Link} to={pathOf("inscriptions.requestDetail", request.id)}>
                          {request.code}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{request.schoolYear}</Table.Td>
                      <Table.Td>{statusLabel(request.status)}</Table.Td>
                      <Table.Td>{formatDate(request.createdAt, i18n.language)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
