import type { SortOrder } from "@portal/shared/schemas/requests";
import { useTranslation } from "react-i18next";
import { SortableHeader as Header } from "../../components/ui/sortable-header.tsx";
import { effectiveOrder } from "./list-query.ts";

interface SortableHeaderProps<S extends string> {
  column: S;
  label: string;
  /** The list's sort and order as in its URL state. */
  state: { sort: S; order: SortOrder | null };
  onSort: (column: S) => void;
}

/** A staff list's column header: the same column flips the order, another starts at its default. */
export function SortableHeader<S extends string>({ column, label, state, onSort }: SortableHeaderProps<S>) {
  const { t } = useTranslation();
  return (
    <Header
      label={label}
      title={t("inscriptions:table.sortBy", { column: label })}
      active={state.sort === column}
      order={effectiveOrder(state)}
      onSort={() => onSort(column)}
    />
  );
}
