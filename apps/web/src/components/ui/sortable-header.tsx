import { Group, Table, Text, UnstyledButton } from "@mantine/core";

/**
 * A column header that sorts a server-paged list: a button named by the column, `aria-sort` on the
 * header, an arrow for the order. The list decides what a click does (flip, or the column's default).
 */
export function SortableHeader({
  label,
  title,
  active,
  order,
  onSort,
}: {
  label: string;
  /** "Sort by …", shown on hover. */
  title: string;
  active: boolean;
  order: "asc" | "desc";
  onSort: () => void;
}) {
  return (
    <Table.Th aria-sort={active ? (order === "asc" ? "ascending" : "descending") : "none"}>
      <UnstyledButton onClick={onSort} title={title} fz="sm" style={{ fontWeight: 700, whiteSpace: "nowrap" }}>
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
