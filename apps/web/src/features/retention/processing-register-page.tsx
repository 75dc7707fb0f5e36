import { Button, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { downloadProcessingRegister, useProcessingRegister } from "./retention-api.ts";

const COLUMNS = ["purpose", "legalBasis", "dataCategories", "subjects", "recipients", "retention"] as const;

/**
 * Settings › Processing register (LOPDP art. 51): each processing activity with its purpose,
 * legal basis, data, subjects, who sees it (from the permissions) and how long it is kept (from
 * the retention periods); the same rows as an XLSX file.
 */
export function ProcessingRegisterPage() {
  const { t, i18n } = useTranslation();
  const register = useProcessingRegister(i18n.language);
  const download = useMutation({ mutationFn: downloadProcessingRegister });
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t(routeTitleKey("settings.processingRegister"))}
      </Title>
      <Text>{t("retention:register.intro")}</Text>
      <Group justify="flex-end">
        <Button onClick={() => download.mutate()} loading={download.isPending}>
          {t("retention:register.export")}
        </Button>
      </Group>
      {download.error ? <FormErrorAlert error={download.error} /> : null}
      {register.data ? (
        register.data.items.map((activity) => (
          <Paper key={activity.id} withBorder p="lg" component="section" aria-labelledby={`activity-${activity.id}`}>
            <Stack gap="xs">
              <Title order={2} size="h4" id={`activity-${activity.id}`}>
                {activity.name}
              </Title>
              <Table variant="vertical" layout="fixed" withTableBorder aria-labelledby={`activity-${activity.id}`}>
                <Table.Tbody>
                  {COLUMNS.map((column) => (
                    <Table.Tr key={column}>
                      <Table.Th scope="row" w={220}>
                        {t(`retention:register.columns.${column}`)}
                      </Table.Th>
                      <Table.Td>{activity[column]}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          </Paper>
        ))
      ) : register.isError ? (
        <LoadErrorAlert error={register.error} onRetry={() => void register.refetch()} />
      ) : (
        <PageLoader />
      )}
    </Stack>
  );
}
