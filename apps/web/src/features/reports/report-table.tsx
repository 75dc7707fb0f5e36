import { Table } from "@mantine/core";
import type { ReportColumn, ReportPage } from "@portal/shared/schemas/reports";
import { createColumnHelper, tableFeatures, useTable } from "@tanstack/react-table";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { SortableHeader } from "../../components/ui/sortable-header.tsx";
import { formatDay, formatInstant } from "../../lib/dates.ts";

type Row = ReportPage["rows"][number];

/** Sorting and paging are the server's: the table needs no optional feature. */
const features = tableFeatures({});
const helper = createColumnHelper<typeof features, Row>();

function formatCell(value: Row[number], column: ReportColumn, yes: string, no: string, locale: string): string {
  if (value === null || value === "") return "";
  if (typeof value === "boolean") return value ? yes : no;
  if (column.type === "date" && typeof value === "string") {
    // An instant (created, updated) with its time; a calendar day (birth date) as the day it names.
    return value.length > 10 ? formatInstant(value, locale) : formatDay(value, locale);
  }
  return String(value);
}

/**
 * The report's rows with TanStack Table (v9, core only): sorting and paging are the server's, so the
 * table lays out the page; sortable headers (the server says which) are buttons, the others text.
 */
export function ReportTable({
  page,
  sort,
  order,
  onSort,
}: {
  page: ReportPage;
  sort: string;
  order: "asc" | "desc";
  onSort: (id: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const byId = useMemo(() => new Map(page.columns.map((c) => [c.id, c])), [page.columns]);
  const columns = useMemo(
    () =>
      helper.columns(
        page.selected.map((id, index) => {
          const column = byId.get(id) ?? { id, label: id, type: "text" as const, sortable: false, group: "" };
          return helper.accessor(
            (row: Row) => formatCell(row[index] ?? null, column, t("reports:yes"), t("reports:no"), i18n.language),
            { id, header: column.label },
          );
        }),
      ),
    [page.selected, byId, t, i18n.language],
  );
  const table = useTable({ features, columns, data: page.rows });
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped highlightOnHover withTableBorder aria-label={t("reports:tableLabel")}>
        <Table.Thead>
          {table.getHeaderGroups().map((group) => (
            <Table.Tr key={group.id}>
              {group.headers.map((header) => {
                const label = byId.get(header.column.id)?.label ?? header.column.id;
                return byId.get(header.column.id)?.sortable ? (
                  <SortableHeader
                    key={header.id}
                    label={label}
                    title={label}
                    active={sort === header.column.id}
                    order={order}
                    onSort={() => onSort(header.column.id)}
                  />
                ) : (
                  <Table.Th key={header.id} style={{ whiteSpace: "nowrap" }}>
                    {label}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Thead>
        <Table.Tbody>
          {table.getRowModel().rows.map((row) => (
            <Table.Tr key={row.id}>
              {row.getAllCells().map((cell) => (
                <Table.Td key={cell.id}>{String(cell.getValue() ?? "")}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
