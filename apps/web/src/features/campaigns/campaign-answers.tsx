import { Button, Group, Stack, Table, Text, Title } from "@mantine/core";
import { rolesFor } from "@portal/shared/permissions";
import { useMutation } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { useCatalog } from "../../lib/catalog-query.ts";
import { formatInstant } from "../../lib/dates.ts";
import { saveDownload } from "../../lib/save-download.ts";
import { useSession } from "../../lib/session-query.ts";
import { campaignComposePath } from "../messages/audience-link.ts";
import type { FigureChoice } from "./campaign-figures.tsx";
import { useCampaignAnswers } from "./campaigns-api.ts";

/** One figure's children (family, child, level, answer, reason, date) and its CSV and XLSX files. */
export function CampaignAnswers({ id, choice }: { id: number; choice: FigureChoice }) {
  const { t, i18n } = useTranslation();
  const levels = useCatalog("levels");
  const answers = useCampaignAnswers(id, choice.figure, choice.level);
  const { user } = useSession();
  const canWrite = Boolean(user && rolesFor("messagesSend").includes(user.role));
  const levelName = (code: string | null) => (code ? (levels.data?.find((l) => l.code === code)?.label ?? code) : "");
  const query = new URLSearchParams({ figure: choice.figure, ...(choice.level ? { level: choice.level } : {}) });
  const exportFile = useMutation({
    mutationFn: (format: "csv" | "xlsx") =>
      saveDownload(`/api/campaigns/${id}/export?${query.toString()}&format=${format}`, `campaign-${id}.${format}`),
  });
  const title = choice.level
    ? t("campaigns:answers.titleLevel", {
        figure: t(`campaigns:figures.${choice.figure}`),
        level: levelName(choice.level),
      })
    : t("campaigns:answers.title", { figure: t(`campaigns:figures.${choice.figure}`) });
  let body: ReactNode;
  if (answers.isPending) body = <PageLoader />;
  else if (answers.isError) body = <LoadErrorAlert error={answers.error} onRetry={() => void answers.refetch()} />;
  else if (answers.data.items.length === 0) {
    body = (
      <Text c="dimmed" role="status">
        {t("campaigns:answers.empty")}
      </Text>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={720}>
        <Table striped verticalSpacing="xs" aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              {(["family", "student", "level", "answer", "reason", "answeredAt"] as const).map((column) => (
                <Table.Th key={column} scope="col">
                  {t(`campaigns:columns.${column}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {answers.data.items.map((row, index) => (
              <Table.Tr key={`${row.studentName}-${index}`}>
                <Table.Td>{row.familyName}</Table.Td>
                <Table.Td>{row.studentName}</Table.Td>
                <Table.Td>{levelName(row.levelCode)}</Table.Td>
                <Table.Td>{t(`campaigns:answers.${row.answer ?? "none"}`)}</Table.Td>
                <Table.Td>{row.reason ?? ""}</Table.Td>
                <Table.Td>{formatInstant(row.answeredAt, i18n.language)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  return (
    <Stack gap="sm" component="section" aria-labelledby="campaign-answers-title">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3" id="campaign-answers-title" tabIndex={-1} className="portal-focus-target">
          {title}
        </Title>
        <Group gap="xs">
          {canWrite && answers.data && answers.data.items.length > 0 ? (
            <Button component={Link} variant="light" to={campaignComposePath(id, choice.figure, choice.level)}>
              {t("campaigns:answers.writeToFamilies")}
            </Button>
          ) : null}
          <Button
            variant="light"
            onClick={() => exportFile.mutate("xlsx")}
            loading={exportFile.isPending && exportFile.variables === "xlsx"}
          >
            {t("campaigns:answers.exportXlsx")}
          </Button>
          <Button
            variant="light"
            onClick={() => exportFile.mutate("csv")}
            loading={exportFile.isPending && exportFile.variables === "csv"}
          >
            {t("campaigns:answers.exportCsv")}
          </Button>
        </Group>
      </Group>
      <FormErrorAlert error={exportFile.error} />
      {body}
    </Stack>
  );
}
