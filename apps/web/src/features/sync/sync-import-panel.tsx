import { Button, FileInput, Group, Stack, Table, Text, Title } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { isApiError } from "../../lib/api-error.ts";
import { notifySuccess } from "../../lib/toasts.ts";
import { importCodes, SYNC_QUERY_KEY } from "./sync-api.ts";

/** The BUE's codes file: upload, then either "N updated" or the table of bad lines (nothing imported). */
export function SyncImportPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const mutation = useMutation({
    mutationFn: importCodes,
    onSuccess: (result) => {
      notifySuccess(t("sync:import.done", result));
      setFile(null);
      void queryClient.invalidateQueries({ queryKey: SYNC_QUERY_KEY });
    },
  });
  const error = mutation.error;
  const badLines =
    isApiError(error) && error.code === "SYNC_IMPORT_INVALID"
      ? Object.entries(error.fields).sort(([a], [b]) => Number(a) - Number(b))
      : [];

  return (
    <Stack gap="sm" component="section" aria-labelledby="sync-import-title">
      <Title order={2} size="h4" id="sync-import-title">
        {t("sync:import.title")}
      </Title>
      <Text size="sm">{t("sync:import.help")}</Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (file) mutation.mutate(file);
        }}
      >
        <Group align="flex-end" gap="sm">
          <FileInput
            label={t("sync:import.file")}
            accept=".csv,text/csv"
            value={file}
            onChange={(next) => {
              setFile(next);
              mutation.reset();
            }}
            clearable
            w={320}
          />
          <Button type="submit" disabled={!file} loading={mutation.isPending}>
            {t("sync:import.submit")}
          </Button>
        </Group>
      </form>
      {mutation.isPending ? (
        <Text size="sm" role="status">
          {t("sync:import.waiting")}
        </Text>
      ) : null}
      {error ? <FormErrorAlert error={error} /> : null}
      {badLines.length > 0 ? (
        <Table striped withTableBorder aria-label={t("sync:import.errorsTitle")} data-testid="sync-import-errors">
          <Table.Caption>{t("sync:import.errorsTitle")}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("sync:import.line")}</Table.Th>
              <Table.Th scope="col">{t("sync:import.reason")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {badLines.map(([line, reason]) => (
              <Table.Tr key={line}>
                <Table.Td>{line}</Table.Td>
                <Table.Td>{reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}
