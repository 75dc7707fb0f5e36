import { Alert, Anchor, Badge, Group, Stack, Table, Text, Title } from "@mantine/core";
import { BUE_EXPORT_COLUMNS } from "@portal/shared/schemas/sync";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { useSession } from "../../lib/session-query.ts";
import { useStatusLabel } from "../../lib/status-texts.ts";
import { BueCodesForm } from "./bue-codes-form.tsx";
import { useSyncRequest } from "./sync-api.ts";
import { canManageSync, formatWhen, requestDetailPath, syncPath } from "./sync-paths.ts";

const parseId = (value: string | undefined) =>
  value && /^\d{1,10}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : 0;

/**
 * `request-bue-migration/:id`: one request as the BUE export writes it, its migration
 * state and its BUE codes (editable by syncManage's roles, read-only for Consulta).
 */
export function RequestBueMigrationPage() {
  const { t, i18n } = useTranslation();
  const id = parseId(useParams().id);
  const session = useSession();
  const statusLabel = useStatusLabel();
  const query = useSyncRequest(id);
  const request = query.data;

  return (
    <Stack gap="lg">
      <Group gap="md">
        <Anchor component={Link} to={requestDetailPath(id)} size="sm">
          {t("sync:request.back")}
        </Anchor>
        <Anchor component={Link} to={syncPath()} size="sm">
          {t("sync:request.toSync")}
        </Anchor>
      </Group>
      <Title order={1} size="h2">
        {t("sync:request.title")}
        {request ? ` — ${request.code}` : ""}
      </Title>
      {id === 0 || query.isPending ? (
        id === 0 ? (
          <Alert color="red">{t("errors:REQUEST_NOT_FOUND")}</Alert>
        ) : (
          <PageLoader />
        )
      ) : null}
      {query.isError ? <LoadErrorAlert error={query.error} onRetry={() => void query.refetch()} /> : null}
      {request ? (
        <>
          <Group gap="sm" aria-label={t("sync:request.state")}>
            <Text size="sm" fw={600}>
              {t("common:labelColon", { label: t("sync:request.state") })}
            </Text>
            {request.migration.state === "migrated" ? (
              <Badge color="green" variant="light" data-testid="bue-state">
                {t("sync:migratedOn", { date: formatWhen(request.migration.migratedAt, i18n.language) })}
              </Badge>
            ) : (
              <Badge color="gray" variant="light" data-testid="bue-state">
                {t("sync:pending")}
              </Badge>
            )}
            {request.migration.batchId ? (
              <Text size="sm">
                {t("sync:request.batch", { id: request.migration.batchId })}
                {request.migration.migratedBy ? ` · ${request.migration.migratedBy}` : ""}
              </Text>
            ) : null}
          </Group>
          {!request.eligible ? (
            <Alert color="yellow">{t("sync:request.notEligible", { status: statusLabel(request.status) })}</Alert>
          ) : null}
          <BueCodesForm key={request.version} request={request} canManage={canManageSync(session.user?.role)} />
          <Stack gap="sm" component="section" aria-labelledby="bue-preview-title">
            <Title order={2} size="h4" id="bue-preview-title">
              {t("sync:request.preview")}
            </Title>
            {/* The export's own values (ISO dates, codes): the screen sweep reads them as raw on purpose. */}
            <Table striped withTableBorder aria-labelledby="bue-preview-title" maw={720} data-raw-values>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t("sync:request.field")}</Table.Th>
                  <Table.Th scope="col">{t("sync:request.value")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {BUE_EXPORT_COLUMNS.map((column) => (
                  <Table.Tr key={column}>
                    <Table.Th scope="row" fw={400}>
                      {t(`sync:column.${column}`)}{" "}
                      <Text span c="dimmed" size="xs">
                        ({column})
                      </Text>
                    </Table.Th>
                    <Table.Td>{request.row[column]}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        </>
      ) : null}
    </Stack>
  );
}
