import { Group, Table, Text, UnstyledButton } from "@mantine/core";
import type { SortOrder } from "@portal/shared/schemas/requests";
import { useTranslation } from "react-i18next";
import { effectiveOrder } from "./list-query.ts";

interface SortableHeaderProps<S extends string> {
  column: S;
  label: string;
  /** The list's sort and order as in its URL state. */
  state: { sort: S; order: SortOrder | null };
  onSort: (column: S) => void;
}

/**
 * A column header of a staff list that sorts it: a button named by the column, `aria-sort` on the
 * header, an arrow for the order (the same column flips it, another starts at its default).
 */
export function SortableHeader<S extends string>({ column, label, state, onSort }: SortableHeaderProps<S>) {
  const { t } = useTranslation();
  const active = state.sort === column;
  const order = effectiveOrder(state);
  return (
    <Table.Th aria-sort={active ? (order === "asc" ? "ascending" : "descending") : "none"}>
      <UnstyledButton
        onClick={() => onSort(column)}
        title={t("inscriptions:table.sortBy", { column: label })}
        fz="sm"
        style={{ fontWeight: 700, whiteSpace: "nowrap" }}
      >
        <Group gap={4} wrap="nowrap">
          <span>{label}</span>
          <Text span size="xs" c={active ? undefined : "dimmed"} aria-hidden="true">
            {active ? (order === "asc" ? "▲" : "▼") : "↕"}
          </Text>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
