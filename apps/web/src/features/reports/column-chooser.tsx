import "@mantine/core/styles/Loader.layer.css";
import "@mantine/core/styles/UnstyledButton.layer.css";
import "@mantine/core/styles/Button.layer.css";
import "@mantine/core/styles/CloseButton.layer.css";
import "@mantine/core/styles/Input.layer.css";
import "@mantine/core/styles/InlineInput.layer.css";
import "@mantine/core/styles/Checkbox.layer.css";
import "@mantine/core/styles/CheckboxCard.layer.css";
import "@mantine/core/styles/CheckboxIndicator.layer.css";
import "@mantine/core/styles/VisuallyHidden.layer.css";
import "@mantine/core/styles/Overlay.layer.css";
import "@mantine/core/styles/Popover.layer.css";
import "@mantine/core/styles/Stack.layer.css";
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
