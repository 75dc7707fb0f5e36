import { Modal, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { formatInstant } from "../../lib/dates.ts";
import { outcomeText } from "./kept-text.ts";
import { useRun } from "./retention-api.ts";

/** A run's written report: per kind what was removed and kept, then each student's item and why. */
export function RunReportDialog({ runId, onClose }: { runId: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const run = useRun(runId);
  const report = run.data?.report;
  return (
    <Modal
      opened={runId !== null}
      onClose={onClose}
      size="xl"
      title={
        run.data ? t("retention:runs.reportTitle", { date: formatInstant(run.data.startedAt, i18n.language) }) : ""
      }
      closeButtonProps={{ "aria-label": t("common:actions.close") }}
    >
      {run.isError ? (
        <LoadErrorAlert error={run.error} onRetry={() => void run.refetch()} />
      ) : !run.data ? (
        <PageLoader />
      ) : !report ? (
        <Text size="sm">{t(`retention:runs.statuses.${run.data.status}`)}</Text>
      ) : (
        <Stack gap="md">
          <Table striped aria-label={t("retention:runs.title")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("retention:preview.kind")}</Table.Th>
                <Table.Th scope="col">{t("retention:runs.removed")}</Table.Th>
                <Table.Th scope="col">{t("retention:runs.kept")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.counts.map((count) => (
                <Table.Tr key={count.kind}>
                  <Table.Th scope="row" fw={400}>
                    {t(`retention:kinds.${count.kind}`)}
                  </Table.Th>
                  <Table.Td>{count.removed}</Table.Td>
                  <Table.Td>{count.kept}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Title order={3} size="h5">
            {t("retention:runs.itemsTitle")}
          </Title>
          {report.items.length === 0 ? (
            <Text size="sm">{t("retention:runs.noItems")}</Text>
          ) : (
            <Table striped aria-label={t("retention:runs.itemsTitle")}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t("retention:preview.student")}</Table.Th>
                  <Table.Th scope="col">{t("retention:preview.kind")}</Table.Th>
                  <Table.Th scope="col">{t("retention:preview.year")}</Table.Th>
                  <Table.Th scope="col">{t("retention:preview.outcome")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.items.map((item, index) => (
                  <Table.Tr key={`${item.kind}-${item.studentId ?? `erased-${index}`}`}>
                    <Table.Td>{item.label ?? t("retention:runs.erasedApplicant")}</Table.Td>
                    <Table.Td>{t(`retention:kinds.${item.kind}`)}</Table.Td>
                    <Table.Td>{item.schoolYear}</Table.Td>
                    <Table.Td>{outcomeText(t, item.kept, "retention:runs.removed")}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Modal>
  );
}
