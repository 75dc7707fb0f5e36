import { Button, Group, Stack, Table, Text, Title } from "@mantine/core";
import type { BueExportFormat } from "@portal/shared/schemas/sync";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { saveBlob } from "../../lib/save-download.ts";
import { downloadBatch, useSyncBatches } from "./sync-api.ts";
import { formatWhen } from "./sync-paths.ts";

/** The year's past batches, each downloadable again (it marks nobody). */
export function SyncBatches({ schoolYearId, canManage }: { schoolYearId: number; canManage: boolean }) {
  const { t, i18n } = useTranslation();
  const batches = useSyncBatches(schoolYearId);
  const again = useMutation({
    mutationFn: ({ id, format }: { id: number; format: BueExportFormat }) => downloadBatch(id, format),
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
  });
  const items = batches.data?.items ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="sync-batches-title">
      <Title order={2} size="h4" id="sync-batches-title">
        {t("sync:batches.title")}
      </Title>
      {batches.isError ? <LoadErrorAlert error={batches.error} onRetry={() => void batches.refetch()} compact /> : null}
      {again.isError ? <FormErrorAlert error={again.error} /> : null}
      {batches.isSuccess && items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("sync:batches.empty")}
        </Text>
      ) : null}
      {items.length > 0 ? (
        <Table withTableBorder aria-labelledby="sync-batches-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("sync:batches.number")}</Table.Th>
              <Table.Th scope="col">{t("sync:batches.when")}</Table.Th>
              <Table.Th scope="col">{t("sync:batches.by")}</Table.Th>
              <Table.Th scope="col">{t("sync:batches.rows")}</Table.Th>
              {canManage ? <Table.Th scope="col">{t("sync:batches.download")}</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((batch) => (
              <Table.Tr key={batch.id}>
                <Table.Td>{batch.id}</Table.Td>
                <Table.Td>{formatWhen(batch.createdAt, i18n.language)}</Table.Td>
                <Table.Td>{batch.createdBy ?? ""}</Table.Td>
                <Table.Td>{batch.rowCount}</Table.Td>
                {canManage ? (
                  <Table.Td>
                    <Group gap="xs">
                      {(["csv", "json"] as const).map((format) => (
                        <Button
                          key={format}
                          size="xs"
                          variant="light"
                          aria-label={t(`sync:batches.${format}`, { id: batch.id })}
                          loading={
                            again.isPending && again.variables?.id === batch.id && again.variables.format === format
                          }
                          onClick={() => again.mutate({ id: batch.id, format })}
                        >
                          {format.toUpperCase()}
                        </Button>
                      ))}
                    </Group>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}
