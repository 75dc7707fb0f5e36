import { Button, Paper, Stack, Table, Text, Title } from "@mantine/core";
import type { RetentionRunSummary } from "@portal/shared/schemas/retention";
import { useTranslation } from "react-i18next";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { formatInstant } from "../../lib/dates.ts";
import { useRuns } from "./retention-api.ts";

/** Past purges, newest first, each with its report to read. */
export function RunsSection({ onOpen }: { onOpen: (runId: number) => void }) {
  const { t, i18n } = useTranslation();
  const runs = useRuns();
  const who = (run: RetentionRunSummary) =>
    run.trigger === "schedule" ? t("retention:runs.triggers.schedule") : (run.startedBy ?? "");
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="retention-runs-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="retention-runs-title">
          {t("retention:runs.title")}
        </Title>
        {runs.isError ? (
          <LoadErrorAlert error={runs.error} onRetry={() => void runs.refetch()} />
        ) : runs.data && runs.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("retention:runs.none")}
          </Text>
        ) : runs.data ? (
          <Table.ScrollContainer minWidth={640}>
            <Table striped aria-label={t("retention:runs.title")}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t("retention:runs.startedAt")}</Table.Th>
                  <Table.Th scope="col">{t("retention:runs.trigger")}</Table.Th>
                  <Table.Th scope="col">{t("retention:runs.status")}</Table.Th>
                  <Table.Th scope="col">{t("retention:runs.view")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {runs.data.items.map((run) => {
                  const date = formatInstant(run.startedAt, i18n.language);
                  return (
                    <Table.Tr key={run.id}>
                      <Table.Td>{date}</Table.Td>
                      <Table.Td>{who(run)}</Table.Td>
                      <Table.Td>{t(`retention:runs.statuses.${run.status}`)}</Table.Td>
                      <Table.Td>
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={t("retention:runs.viewLabel", { date })}
                          onClick={() => onOpen(run.id)}
                        >
                          {t("retention:runs.view")}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </Stack>
    </Paper>
  );
}
