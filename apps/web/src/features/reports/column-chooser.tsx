import { Button, Checkbox, Popover, ScrollArea, Stack } from "@mantine/core";
import type { ReportColumn } from "@portal/shared/schemas/reports";
import { useTranslation } from "react-i18next";

/**
 * The column chooser: a checkbox per column of the report, in the report's order; the choice goes
 * to the URL (at least one column stays checked).
 */
export function ColumnChooser({
  columns,
  selected,
  onChange,
}: {
  columns: readonly ReportColumn[];
  selected: readonly string[];
  onChange: (ids: string[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <Popover position="bottom-start" shadow="md" trapFocus>
      <Popover.Target>
        <Button variant="default">{t("reports:columns")}</Button>
      </Popover.Target>
      <Popover.Dropdown>
        <ScrollArea.Autosize mah={360} type="auto">
          <Checkbox.Group
            label={t("reports:columns")}
            value={[...selected]}
            onChange={(ids) => {
              if (ids.length > 0) onChange(columns.map((c) => c.id).filter((id) => ids.includes(id)));
            }}
          >
            <Stack gap={6} mt="xs">
              {columns.map((column) => (
                <Checkbox key={column.id} value={column.id} label={column.label} />
              ))}
            </Stack>
          </Checkbox.Group>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
