import { Table, Text } from "@mantine/core";
import type { RequestHistoryEntry } from "@portal/shared/schemas/workflow";
import { useTranslation } from "react-i18next";
import { useStatusLabel } from "../../lib/status-texts.ts";
import { formatDateTime } from "./format.ts";

/** Who, when, from → to and the comment of every change, newest first. */
export function RequestHistory({ entries }: { entries: RequestHistoryEntry[] }) {
  const { t, i18n } = useTranslation();
  const statusLabel = useStatusLabel();
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("inscriptions:history.empty")}
      </Text>
    );
  }
  const rows = [...entries].reverse();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" aria-label={t("inscriptions:history.title")} data-testid="request-history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("inscriptions:history.when")}</Table.Th>
            <Table.Th>{t("inscriptions:history.who")}</Table.Th>
            <Table.Th>{t("inscriptions:history.action")}</Table.Th>
            <Table.Th>{t("inscriptions:history.change")}</Table.Th>
            <Table.Th>{t("inscriptions:history.comment")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDateTime(entry.at, i18n.language)}</Table.Td>
              <Table.Td>{entry.by?.name ?? "—"}</Table.Td>
              <Table.Td>{t(`common:workflowAction.${entry.action}`)}</Table.Td>
              <Table.Td>
                {entry.from === null || entry.from === entry.to
                  ? statusLabel(entry.to)
                  : t("inscriptions:history.fromTo", {
                      from: statusLabel(entry.from),
                      to: statusLabel(entry.to),
                    })}
              </Table.Td>
              <Table.Td style={{ whiteSpace: "pre-wrap" }}>{entry.comment ?? ""}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
