import { List, Table, Text } from "@mantine/core";
import type { AuditEventItem } from "@portal/shared/schemas/audit";
import { useTranslation } from "react-i18next";
import { dayFirstLocale } from "../../lib/dates.ts";

/** The school's time zone (docs/rules/accounts-and-security.md "Audit log"): the dates the filters take. */
const SCHOOL_TIME_ZONE = "America/Guayaquil";

function Person({ person }: { person: AuditEventItem["actor"] }) {
  const { t } = useTranslation();
  if (!person) return <Text size="sm">{t("audit:log.nobody")}</Text>;
  return (
    <>
      <Text size="sm">{person.name}</Text>
      <Text size="xs" c="dimmed">
        {person.email}
      </Text>
    </>
  );
}

function Details({ item }: { item: AuditEventItem }) {
  const { t } = useTranslation();
  return (
    <>
      {item.detailLines.length > 0 && (
        <Text size="sm">
          {item.detailLines
            .map((detail) => t("common:labelValue", { label: detail.label, value: detail.value }))
            .join(" · ")}
        </Text>
      )}
      {item.changes.length > 0 && (
        <>
          <Text size="xs" fw={600} mt={4}>
            {t("audit:details.changedFields")}
          </Text>
          <List size="xs" spacing={2}>
            {item.changes.map((change) => (
              <List.Item key={change.field}>
                {change.hidden
                  ? `${change.field} (${t("audit:details.hiddenValue")})`
                  : `${change.field}: ${change.before ?? "∅"} → ${change.after ?? "∅"}`}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </>
  );
}

/** One page of the audit log: date (school time), event, who, whom, IP and the safe details. */
export function AuditTable({ items }: { items: readonly AuditEventItem[] }) {
  const { t, i18n } = useTranslation();
  // Day first with a four-digit year (lib/dates.ts), seconds kept: events come close together.
  const when = new Intl.DateTimeFormat(dayFirstLocale(i18n.language), {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    timeZone: SCHOOL_TIME_ZONE,
  });
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped verticalSpacing="xs" aria-label={t("routes:settings.auditLog.title")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t("audit:log.columns.at")}</Table.Th>
            <Table.Th scope="col">{t("audit:log.columns.event")}</Table.Th>
            <Table.Th scope="col">{t("audit:log.columns.actor")}</Table.Th>
            <Table.Th scope="col">{t("audit:log.columns.subject")}</Table.Th>
            <Table.Th scope="col">{t("audit:log.columns.ip")}</Table.Th>
            <Table.Th scope="col">{t("audit:log.columns.details")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td style={{ whiteSpace: "nowrap" }}>
                <time dateTime={item.at}>{when.format(new Date(item.at))}</time>
              </Table.Td>
              <Table.Td>{item.eventLabel}</Table.Td>
              <Table.Td>
                <Person person={item.actor} />
              </Table.Td>
              <Table.Td>
                <Person person={item.subject} />
              </Table.Td>
              <Table.Td>{item.ip}</Table.Td>
              <Table.Td>
                <Details item={item} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
