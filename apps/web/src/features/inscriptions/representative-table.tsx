import { Anchor, Badge, Group, Stack, Table, Text } from "@mantine/core";
import type { RepresentativeListItem, RepresentativeSort } from "@portal/shared/schemas/requests";
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { StatusBadge } from "../../components/ui/status-badge.tsx";
import { formatDateTime } from "./format.ts";
import type { RepresentativeListState } from "./representative-lists.ts";
import { SortableHeader } from "./sortable-header.tsx";

interface RepresentativeTableProps {
  items: RepresentativeListItem[];
  state: RepresentativeListState;
  onSort: (column: RepresentativeSort) => void;
  /** Whether the list holds both representatives (a column then says which one each row is). */
  withType: boolean;
  /** `relationships` code → its name in the UI language. */
  relationshipLabel: (code: string) => string;
  /** The request detail of a row. */
  detailHref: (requestId: number) => string;
}

/**
 * The rows of a representatives list: the person, how to reach them, and the request they belong
 * to. A click on a row (or on the student or the code) opens that request's detail.
 */
export function RepresentativeTable({
  items,
  state,
  onSort,
  withType,
  relationshipLabel,
  detailHref,
}: RepresentativeTableProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();

  const openRow = (event: MouseEvent, requestId: number) => {
    // Links (the request, e-mail, phone) and text selections are not row clicks.
    const target = event.target as HTMLElement;
    if (target.closest("a, input, label, button")) return;
    if (window.getSelection()?.toString()) return;
    void navigate(detailHref(requestId));
  };
  const header = (column: RepresentativeSort, label: string) => (
    <SortableHeader column={column} label={label} state={state} onSort={onSort} />
  );

  return (
    <Table.ScrollContainer minWidth={960}>
      <Table highlightOnHover verticalSpacing="sm" aria-label={t("inscriptions:representatives.table.caption")}>
        <Table.Thead>
          <Table.Tr>
            {header("name", t("inscriptions:representatives.table.name"))}
            {withType ? <Table.Th>{t("inscriptions:representatives.table.type")}</Table.Th> : null}
            <Table.Th>{t("inscriptions:representatives.table.relationship")}</Table.Th>
            <Table.Th>{t("inscriptions:representatives.table.contact")}</Table.Th>
            {header("studentName", t("inscriptions:table.student"))}
            {header("code", t("inscriptions:table.code"))}
            <Table.Th>{t("inscriptions:table.status")}</Table.Th>
            {header("createdAt", t("inscriptions:table.date"))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr
              key={`${item.requestId}-${item.type}`}
              onClick={(event) => openRow(event, item.requestId)}
              style={{ cursor: "pointer" }}
            >
              <Table.Td>
                <Text size="sm" fw={500}>
                  {item.name || "—"}
                </Text>
                <Text size="xs" c="dimmed">
                  {item.documentNumber}
                </Text>
              </Table.Td>
              {withType ? (
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  {t("inscriptions:representatives.table.typeValue", { type: item.type })}
                </Table.Td>
              ) : null}
              <Table.Td>
                {item.relationshipOther ?? (item.relationship ? relationshipLabel(item.relationship) : "—")}
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  {item.email ? (
                    <Anchor href={`mailto:${item.email}`} size="sm">
                      {item.email}
                    </Anchor>
                  ) : null}
                  {item.cellPhone ? (
                    <Anchor href={`tel:${item.cellPhone.replace(/[^\d+]/g, "")}`} size="sm" c="dimmed">
                      {item.cellPhone}
                    </Anchor>
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Anchor component={Link} to={detailHref(item.requestId)} size="sm">
                    {item.studentName || t("inscriptions:table.unnamed")}
                  </Anchor>
                  {item.isTestData ? (
                    <Badge size="xs" color="gray" variant="outline">
                      {t("inscriptions:table.testData")}
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{item.requestCode}</Table.Td>
              <Table.Td>
                <StatusBadge status={item.requestStatus} size="sm" />
              </Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDateTime(item.createdAt, i18n.language)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
