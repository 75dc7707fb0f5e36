import { Alert, Button, Group, Progress, Stack, Text } from "@mantine/core";
import type { DataExportState } from "@portal/shared/schemas/data-export";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { formatInstant } from "../../lib/dates.ts";
import { formatBytes } from "../../lib/format-bytes.ts";
import { MY_DATA_QUERY_KEY, myDataDownloadHref, startMyDataExport, useMyDataExport } from "./my-data-api.ts";

/** The archive's state and its one action: prepare, watch the progress, download, or try again. */
export function MyDataPanel() {
  const { t, i18n } = useTranslation();
  const current = useMyDataExport();
  const queryClient = useQueryClient();
  const start = useMutation({
    mutationFn: startMyDataExport,
    onSuccess: (state) => queryClient.setQueryData(MY_DATA_QUERY_KEY, { export: state }),
  });

  if (current.isPending) return <PageLoader />;
  if (current.isError) return <LoadErrorAlert error={current.error} onRetry={() => current.refetch()} />;
  const archive: DataExportState | null = current.data.export;
  const prepareButton = (label: string) => (
    <Group>
      <Button onClick={() => start.mutate()} loading={start.isPending}>
        {label}
      </Button>
    </Group>
  );

  return (
    <Stack gap="md" aria-live="polite">
      <FormErrorAlert error={start.error} />
      {archive?.status === "running" ? (
        <Stack gap="xs">
          <Text fw={600}>{t("account:myData.preparing")}</Text>
          <Progress
            value={archive.total > 0 ? (100 * archive.done) / archive.total : 0}
            aria-label={t("account:myData.progressLabel")}
            animated
          />
          <Text size="sm" c="dimmed">
            {t("account:myData.progress", { done: archive.done, total: archive.total })}
          </Text>
        </Stack>
      ) : null}
      {archive?.status === "ready" ? (
        <Stack gap="xs">
          <Alert color="green">
            {t("account:myData.ready", {
              size: formatBytes(archive.size ?? 0, i18n.language),
              expires: formatInstant(archive.expiresAt, i18n.language),
            })}
          </Alert>
          <Group>
            <Button component="a" href={myDataDownloadHref(archive.id)} download>
              {t("account:myData.download")}
            </Button>
            <Button variant="default" onClick={() => start.mutate()} loading={start.isPending}>
              {t("account:myData.prepareAgain")}
            </Button>
          </Group>
        </Stack>
      ) : null}
      {archive?.status === "failed" ? (
        <Stack gap="xs">
          <Alert color="red" role="alert" title={t("account:myData.failed")}>
            {archive.errorMessage}
          </Alert>
          {prepareButton(t("account:myData.retry"))}
        </Stack>
      ) : null}
      {archive?.status === "expired" ? (
        <Stack gap="xs">
          <Text>{t("account:myData.expired")}</Text>
          {prepareButton(t("account:myData.prepare"))}
        </Stack>
      ) : null}
      {archive === null ? prepareButton(t("account:myData.prepare")) : null}
    </Stack>
  );
}
