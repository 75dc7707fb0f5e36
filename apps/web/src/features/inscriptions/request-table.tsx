import { Anchor, Badge, Checkbox, Group, Table, Text } from "@mantine/core";
import type { RequestListItem, RequestSort } from "@portal/shared/schemas/requests";
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { StatusBadge } from "../../components/ui/status-badge.tsx";
import { formatDateTime } from "./format.ts";
import { InternalReviewFlag } from "./internal-review-flag.tsx";
import type { ListState } from "./list-query.ts";
import { SortableHeader } from "./sortable-header.tsx";

interface RequestTableProps {
  items: RequestListItem[];
  state: ListState;
  onSort: (column: RequestSort) => void;
  /** Level code → its name in the UI language. */
  levelLabel: (code: string) => string;
  /** Row selection for the bulk change; absent for Consulta (no controls at all). */
  selection?: {
    selected: ReadonlySet<number>;
    toggle: (id: number) => void;
    toggleAll: (checked: boolean) => void;
  };
  /** Builds the detail link of a row. */
  detailHref: (id: number) => string;
}

/** The rows of a request list; a click anywhere on a row (or its student link) opens the detail. */
export function RequestTable({ items, state, onSort, levelLabel, selection, detailHref }: RequestTableProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const allSelected =
    selection !== undefined && items.length > 0 && items.every((item) => selection.selected.has(item.id));
  const someSelected = selection !== undefined && items.some((item) => selection.selected.has(item.id));

  const openRow = (event: MouseEvent, id: number) => {
    // Clicks on the checkbox, the link or a text selection are not row clicks.
    const target = event.target as HTMLElement;
    if (target.closest("a, input, label, button")) return;
    if (window.getSelection()?.toString()) return;
    void navigate(detailHref(id));
  };

  return (
    <Table.ScrollContainer minWidth={960}>
      <Table highlightOnHover verticalSpacing="sm" aria-label={t("inscriptions:table.caption")}>
        <Table.Thead>
          <Table.Tr>
            {selection ? (
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t("inscriptions:bulk.selectPage")}
                  checked={allSelected}
                  indeterminate={someSelected && !allSelected}
                  onChange={(event) => selection.toggleAll(event.currentTarget.checked)}
                />
              </Table.Th>
            ) : null}
            <SortableHeader column="code" label={t("inscriptions:table.code")} state={state} onSort={onSort} />
            <SortableHeader
              column="studentName"
              label={t("inscriptions:table.student")}
              state={state}
              onSort={onSort}
            />
            <Table.Th>{t("inscriptions:table.document")}</Table.Th>
            <SortableHeader column="level" label={t("inscriptions:table.level")} state={state} onSort={onSort} />
            <Table.Th>{t("inscriptions:table.kind")}</Table.Th>
            <Table.Th>{t("inscriptions:table.representatives")}</Table.Th>
            <SortableHeader column="status" label={t("inscriptions:table.status")} state={state} onSort={onSort} />
            <SortableHeader column="createdAt" label={t("inscriptions:table.date")} state={state} onSort={onSort} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => {
            const selected = selection?.selected.has(item.id) ?? false;
            return (
              <Table.Tr
                key={item.id}
                onClick={(event) => openRow(event, item.id)}
                style={{ cursor: "pointer" }}
                bg={selected ? "var(--mantine-primary-color-light)" : undefined}
              >
                {selection ? (
                  <Table.Td>
                    <Checkbox
                      aria-label={t("inscriptions:bulk.selectRow", { name: item.studentName || item.code })}
                      checked={selected}
                      onChange={() => selection.toggle(item.id)}
                    />
                  </Table.Td>
                ) : null}
                <Table.Td style={{ whiteSpace: "nowrap" }}>{item.code}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Anchor component={Link} to={detailHref(item.id)} fw={500}>
                      {item.studentName || t("inscriptions:table.unnamed")}
                    </Anchor>
                    {item.internalReview ? <InternalReviewFlag /> : null}
                    {item.isTestData ? (
                      <Badge size="xs" color="gray" variant="outline">
                        {t("inscriptions:table.testData")}
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td>{item.studentDocument}</Table.Td>
                <Table.Td>{item.levelCode ? levelLabel(item.levelCode) : "—"}</Table.Td>
                <Table.Td>{t(`inscriptions:kind.${item.isNewStudent ? "new" : "reenrollment"}`)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{item.firstRepresentativeName || "—"}</Text>
                  <Text size="sm" c="dimmed">
                    {item.secondRepresentativeName === null
                      ? t("inscriptions:table.noSecondRepresentative")
                      : item.secondRepresentativeName || "—"}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={item.requestStatus} size="sm" />
                </Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDateTime(item.createdAt, i18n.language)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
