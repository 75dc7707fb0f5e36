import { Alert, Button, Group, Paper, Progress, Stack, Table, Text, Title } from "@mantine/core";
import type { RetentionPreview } from "@portal/shared/schemas/retention";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { confirm } from "../../lib/confirm.tsx";
import { formatDay, formatInstant } from "../../lib/dates.ts";
import { outcomeText } from "./kept-text.ts";
import { PREVIEW_KEY, RUNS_KEY, startRun, usePreview, useRun } from "./retention-api.ts";

function PreviewTables({ preview }: { preview: RetentionPreview }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <Table.ScrollContainer minWidth={520}>
        <Table striped aria-label={t("retention:preview.title")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("retention:preview.kind")}</Table.Th>
              <Table.Th scope="col">{t("retention:preview.toRemove")}</Table.Th>
              <Table.Th scope="col">{t("retention:preview.kept")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.counts.map((count) => (
              <Table.Tr key={count.kind}>
                <Table.Th scope="row" fw={400}>
                  {t(`retention:kinds.${count.kind}`)}
                </Table.Th>
                <Table.Td>{count.toRemove}</Table.Td>
                <Table.Td>{count.kept}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Title order={3} size="h5">
        {t("retention:preview.itemsTitle")}
      </Title>
      {preview.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("retention:preview.none")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={820}>
          <Table striped aria-label={t("retention:preview.itemsTitle")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("retention:preview.student")}</Table.Th>
                <Table.Th scope="col">{t("retention:preview.kind")}</Table.Th>
                <Table.Th scope="col">{t("retention:preview.family")}</Table.Th>
                <Table.Th scope="col">{t("retention:preview.year")}</Table.Th>
                <Table.Th scope="col">{t("retention:preview.keptUntil")}</Table.Th>
                <Table.Th scope="col">{t("retention:preview.outcome")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.items.map((item) => (
                <Table.Tr key={`${item.kind}-${item.studentId}`}>
                  <Table.Td>{item.label}</Table.Td>
                  <Table.Td>{t(`retention:kinds.${item.kind}`)}</Table.Td>
                  <Table.Td>{item.familyEmail}</Table.Td>
                  <Table.Td>{item.schoolYear}</Table.Td>
                  <Table.Td>{formatDay(item.keptUntil, i18n.language)}</Table.Td>
                  <Table.Td>{outcomeText(t, item.kept, "retention:preview.willRemove")}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}

/**
 * What the purge will remove now (counts per kind, the students, held ones shown kept with the
 * reason), and "Run now" after a confirmation, its progress polled until it ends.
 */
export function PurgeSection({ onFinished }: { onFinished: (runId: number) => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const preview = usePreview();
  const [runId, setRunId] = useState<number | null>(null);
  const run = useRun(runId);
  const start = useMutation({
    mutationFn: startRun,
    onSuccess: (started) => setRunId(started.id),
  });
  const status = run.data?.status;

  // Once the run ends: the preview and the reports change; a finished run's report opens.
  useEffect(() => {
    if (!status || status === "running" || runId === null) return;
    void queryClient.invalidateQueries({ queryKey: PREVIEW_KEY });
    void queryClient.invalidateQueries({ queryKey: RUNS_KEY });
    if (status === "done") onFinished(runId);
  }, [status, runId, queryClient, onFinished]);

  async function askRun() {
    const count = preview.data?.counts.reduce((sum, item) => sum + item.toRemove, 0) ?? 0;
    const confirmed = await confirm({
      title: t("retention:run.confirmTitle"),
      text: t("retention:run.confirmText", { count }),
      confirmLabel: t("retention:run.confirm"),
      danger: true,
    });
    if (confirmed) start.mutate();
  }

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="retention-preview-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="retention-preview-title">
          {t("retention:preview.title")}
        </Title>
        {preview.data ? (
          <>
            <Text size="sm" c="dimmed">
              {t("retention:preview.asOf", { date: formatInstant(preview.data.asOf, i18n.language) })}
            </Text>
            <PreviewTables preview={preview.data} />
          </>
        ) : preview.isError ? (
          <LoadErrorAlert error={preview.error} onRetry={() => void preview.refetch()} />
        ) : (
          <PageLoader />
        )}
        {status === "running" && run.data ? (
          <Stack gap={4} role="status">
            <Text size="sm">{t("retention:run.progress", { done: run.data.done, total: run.data.total })}</Text>
            <Progress value={run.data.total > 0 ? (run.data.done / run.data.total) * 100 : 0} aria-hidden />
          </Stack>
        ) : status === "done" ? (
          <Alert color="green" role="status">
            {t("retention:run.done")}
          </Alert>
        ) : status === "failed" ? (
          <Alert color="red" role="alert">
            {t("retention:run.failed")}
          </Alert>
        ) : null}
        {start.error ? <FormErrorAlert error={start.error} /> : null}
        <Group justify="flex-end">
          <Button
            color="red"
            onClick={() => void askRun()}
            loading={start.isPending || status === "running"}
            disabled={!preview.data}
          >
            {t("retention:run.now")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
