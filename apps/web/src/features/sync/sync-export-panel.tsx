import { Alert, Button, Group, Loader, Stack, Text, Title } from "@mantine/core";
import type { BueExportFormat } from "@portal/shared/schemas/sync";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { confirm } from "../../lib/confirm.tsx";
import { saveBlob } from "../../lib/save-download.ts";
import { notifySuccess } from "../../lib/toasts.ts";
import { exportForSync, SYNC_QUERY_KEY } from "./sync-api.ts";

/**
 * The export for the BUE: CSV or JSON, after a confirmation naming how many students it marks as
 * migrated; the spec's waiting message while the file is made; the failure said.
 */
export function SyncExportPanel({ schoolYearId, toMigrate }: { schoolYearId: number; toMigrate: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (format: BueExportFormat) => exportForSync(schoolYearId, format),
    onSuccess: ({ blob, filename, rowCount }) => {
      saveBlob(blob, filename);
      notifySuccess(t("sync:export.done", { count: rowCount }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: SYNC_QUERY_KEY }),
  });

  const start = async (format: BueExportFormat) => {
    const ok = await confirm({
      title: t("sync:export.confirmTitle"),
      text: toMigrate > 0 ? t("sync:export.confirm", { count: toMigrate }) : t("sync:export.confirmNone"),
      confirmLabel: t("sync:export.confirmButton"),
      cancelLabel: t("sync:export.cancel"),
    });
    if (ok) mutation.mutate(format);
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="sync-export-title">
      <Title order={2} size="h4" id="sync-export-title">
        {t("sync:export.title")}
      </Title>
      <Group gap="sm">
        <Button onClick={() => void start("csv")} disabled={mutation.isPending}>
          {t("sync:export.csv")}
        </Button>
        <Button variant="light" onClick={() => void start("json")} disabled={mutation.isPending}>
          {t("sync:export.json")}
        </Button>
      </Group>
      {mutation.isPending ? (
        <Alert color="blue" role="status">
          <Group gap="sm">
            <Loader size="sm" />
            <Text size="sm">{t("sync:export.waiting")}</Text>
          </Group>
        </Alert>
      ) : null}
      {mutation.isError ? (
        <FormErrorAlert error={mutation.error}>
          <Text size="sm">{t("sync:export.failed")}</Text>
        </FormErrorAlert>
      ) : null}
    </Stack>
  );
}
