import { Anchor, Badge, Table, Text } from "@mantine/core";
import type { SyncListItem } from "@portal/shared/schemas/sync";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useStatusLabel } from "../../lib/status-texts.ts";
import { bueMigrationPath, formatWhen } from "./sync-paths.ts";

/** The year's eligible requests: code (to the BUE page), student, level, status, codes, migration. */
export function SyncTable({ items, levelLabel }: { items: SyncListItem[]; levelLabel: (code: string) => string }) {
  const { t, i18n } = useTranslation();
  const statusLabel = useStatusLabel();
  if (items.length === 0) {
    return (
      <Text c="dimmed" role="status">
        {t("sync:empty")}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table striped withTableBorder aria-label={t("sync:title")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t("sync:columns.code")}</Table.Th>
            <Table.Th scope="col">{t("sync:columns.student")}</Table.Th>
            <Table.Th scope="col">{t("sync:columns.level")}</Table.Th>
            <Table.Th scope="col">{t("sync:columns.status")}</Table.Th>
            <Table.Th scope="col">{t("sync:columns.studentCode")}</Table.Th>
            <Table.Th scope="col">{t("sync:columns.contactCodes")}</Table.Th>
            <Table.Th scope="col">{t("sync:columns.migration")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>
                <Anchor component={Link} to={bueMigrationPath(item.id)} size="sm">
                  {item.code}
                </Anchor>
              </Table.Td>
              <Table.Td>{item.studentName}</Table.Td>
              <Table.Td>{item.levelCode ? levelLabel(item.levelCode) : ""}</Table.Td>
              <Table.Td>{statusLabel(item.status)}</Table.Td>
              <Table.Td>{item.studentCode}</Table.Td>
              <Table.Td>{[item.rep1ContactCodeBue, item.rep2ContactCodeBue].filter(Boolean).join(" · ")}</Table.Td>
              <Table.Td>
                {item.migration.state === "migrated" ? (
                  <Badge color="green" variant="light">
                    {t("sync:migratedOn", { date: formatWhen(item.migration.migratedAt, i18n.language) })}
                  </Badge>
                ) : (
                  <Badge color="gray" variant="light">
                    {t("sync:pending")}
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
