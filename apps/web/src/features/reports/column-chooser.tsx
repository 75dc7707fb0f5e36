import { Button, Checkbox, Popover, ScrollArea, Stack, Text } from "@mantine/core";
import type { ReportColumn } from "@portal/shared/schemas/reports";
import { useTranslation } from "react-i18next";

/**
 * The column chooser: a checkbox per column of the report, in the report's order, under its
 * group's heading (the wizard's steps: finance, exit authorization, consents…); the choice goes
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
            <Stack gap="sm" mt="xs">
              {groupsOf(columns).map(([group, members]) => (
                <Stack key={group} gap={6} role="group" aria-labelledby={`column-group-${group}`}>
                  <Text id={`column-group-${group}`} size="sm" fw={600}>
                    {t(`reports:group.${group}`)}
                  </Text>
                  {members.map((column) => (
                    <Checkbox key={column.id} value={column.id} label={column.label} />
                  ))}
                </Stack>
              ))}
            </Stack>
          </Checkbox.Group>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The columns by group, groups in the order of their first column. */
function groupsOf(columns: readonly ReportColumn[]): [string, ReportColumn[]][] {
  const groups = new Map<string, ReportColumn[]>();
  for (const column of columns) groups.set(column.group, [...(groups.get(column.group) ?? []), column]);
  return [...groups];
}
